import type { ProfileField } from '../../domain/profile-form';

export const profileText = {
  title: 'My Profile',
  editTitle: 'Edit Profile',
  createTitle: 'Create Profile',
  personalDetails: 'Personal Details',
  businessDetails: 'Business Details',
  editInformation: 'Edit Information',
  saveEdits: 'Save Edits',
  employer: 'Employer',
  role: 'Role',
  notProvided: 'Not provided',
  saved: 'Details updated successfully',
  saveFailed: 'Failed to update the info',
} as const;

export const profileFieldLabels: Record<ProfileField, string> = {
  firstName: 'First Name',
  surname: 'Surname',
  contactEmail: 'Email',
  phone: 'Phone',
  emergencyContactName: 'Emergency Contact Name',
  emergencyContactPhone: 'Emergency Contact Phone',
  tradeQualifications: 'Trade Qualifications',
  whitecardNumber: 'White Card Number',
};
