export const companyText = {
  profile: 'Company Profile',
  edit: 'Edit Company',
  editInformation: 'Edit Information',
} as const;
