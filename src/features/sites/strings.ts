export const siteText = {
  list: 'Projects',
  create: 'Create New Project Site',
  details: 'Project Site',
  edit: 'Site Information',
} as const;
