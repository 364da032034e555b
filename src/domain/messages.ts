export const validationMessages = {
  required: 'This field is required',
  email: 'A valid email is required',
  contactEmail: 'A valid Contact Email is required',
  companyPhone: 'A valid Phone Number is required',
  profilePhone: 'A valid phone number is required',
  abn: 'A valid ABN is required',
} as const;
