import type { CompanyField } from './company-form-values';

export const companyFieldLabels: Record<CompanyField, string> = {
  name: 'Company Name',
  abn: 'ABN',
  buildersRegNumber: 'Builders Registration No.',
  phone: 'Office Phone Number',
  email: 'Office Email Address',
  address: 'Office Address',
  postalAddress: 'Postal Address',
};

export const companyFormText = {
  logo: 'Logo',
  logoHint: 'Optional · .png or .jpg',
  details: 'Company Information',
  cancel: 'Cancel',
  couldNotSave: 'Not saved',
  saved: 'Information updated successfully',
  saveChanges: 'Save Changes',
} as const;
