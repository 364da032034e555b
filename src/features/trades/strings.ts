import { tradesMessages, type TradesPerson } from '../../domain/trades';

export const tradesText = {
  details: 'Tradesperson Details',
  personalDetails: 'Personal Details',
  emergencyContact: 'Emergency Contact',
  qualifications: 'Trades and Qualifications',
  notAuthorised: tradesMessages.notAuthorised,
  notProvided: 'Not provided',
} as const;

export type TradesField = Exclude<keyof TradesPerson, '_id'>;

export const tradesFieldLabels: Record<TradesField, string> = {
  firstName: 'First Name',
  surname: 'Surname',
  phone: 'Phone',
  email: 'Email',
  emergencyContactName: 'Emergency Contact Name',
  emergencyContactPhone: 'Emergency Contact Phone',
  tradeQualifications: 'Trades / Qualifications',
  whitecardNumber: 'White Card Number',
};
