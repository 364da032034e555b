export const companyDetailsText = {
  abn: 'ABN',
  buildersRegNumber: 'Builders Registration No.',
  phone: 'Office Phone Number',
  email: 'Office Email Address',
  address: 'Office Address',
  postalAddress: 'Postal Address',
  logo: 'Logo',
  noLogo: 'No logo added',
  logoOf: (name: string) => `${name} logo`,
} as const;
