export const employeeDetailsText = {
  firstName: 'First Name',
  surname: 'Surname',
  phone: 'Phone',
  email: 'Email',
  employer: 'Employer',
  role: 'Role',
  notProvided: 'Not provided',
} as const;
