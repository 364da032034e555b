export const companyText = {
  profile: 'Company Profile',
  edit: 'Edit Company',
} as const;
