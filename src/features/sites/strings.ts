import type { SiteTextField } from '../../domain/site-form';

export const siteText = {
  list: 'Projects',
  create: 'Create New Project Site',
  details: 'Project Site',
  edit: 'Site Information',
  createButton: 'Create New Site Project',
  finish: 'Finish',
  saveUpdates: 'Save Updates',
  editButton: 'Edit Information',
  tableLabel: 'Project sites',
  itemsLabel: 'sites',
  searchLabel: 'Search project sites',
  searchPlaceholder: 'Search address, suburb, client or job no.',
  filterLabel: 'Status',
  allStatuses: 'All',
  emptyHint: 'Create your first project site to track its supervisor, PPE and site safety plan.',
  noMatchesHint: 'No project site matches this search or status. Try other words or show every status.',
  clearQuery: 'Clear search and filter',
  unallocated: 'Unallocated',
  ppeRequired: 'PPE Required',
  otherPpe: 'Other PPE',
  noOtherPpe: 'None',
  siteSafetyPlan: 'Site Safety Plan',
  viewAttached: 'View Attached',
  noFiles: 'No files added',
  latestCheckIns: 'Latest Check-ins',
  swmsCompleted: 'SWMS Completed',
  scrollForMore: 'Scroll For more',
  noCheckIns: 'No check-ins yet',
  noSwms: 'No SWMS submitted yet',
  loadMoreFailed: 'Could not load more.',
  retry: 'Try again',
  supervisorPhone: 'Supervisor Phone',
  siteSupervisor: 'Site Supervisor',
  supervisorHint: 'Only the company’s active site supervisors can be chosen.',
  supervisorsFailed: 'The supervisors could not be loaded.',
  planHint: 'A PDF of the site safety plan.',
  reload: 'Reload',
  siteSection: 'Site',
  safetySection: 'Safety',
} as const;

/** Spec §8 site toasts, kept where the server's messages are. */
export { projectSiteMessages as siteToasts } from '../../domain/project-site';

export const siteFieldLabels: Record<SiteTextField, string> = {
  address: 'Street Address',
  suburb: 'Suburb',
  postcode: 'Postcode',
  siteNumber: 'Job No.',
  clientName: 'Client',
  otherPpe: 'Other PPE',
};

export const siteColumnLabels = {
  address: 'Street Address',
  suburb: 'Suburb',
  supervisor: 'Site Supervisor',
  client: 'Client',
  siteNumber: 'Job No.',
  status: 'Status',
} as const;
