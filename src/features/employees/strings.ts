export const employeeText = {
  createAdmin: 'Create Admin User',
  employeeDetails: 'Employee Details',
  list: 'Employees',
  addSupervisor: 'Add Site Supervisor',
  personalDetails: 'Personal Details',
} as const;
