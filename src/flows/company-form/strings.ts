import { companyEditorMessages } from '../../../machines/company-editor.machine';
import type { CompanyField } from '../../domain/company-form-values';

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
  saved: companyEditorMessages.saved,
  saveChanges: 'Save Changes',
} as const;
