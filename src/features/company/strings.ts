export const companyText = {
  profile: 'Company Profile',
  edit: 'Edit Company',
  editInformation: 'Edit Information',
  backToProfile: 'Back to Company Profile',
} as const;
