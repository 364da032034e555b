export const clientText = {
  list: 'Clients',
  create: 'Create New Client',
  details: 'Client Details',
  edit: 'Edit Client',
} as const;
