import { projectSiteMessages } from '../../domain/project-site';
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
  revision: (revision: number) => `Revision ${revision}`,
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
  notFound: projectSiteMessages.notFound,
  backToList: 'Back to Projects',
} as const;

/** Spec §8 site toasts, kept where the server's messages are. */
export { projectSiteMessages as siteToasts } from '../../domain/project-site';

export const siteFieldLabels: Record<SiteTextField | 'timeZone', string> = {
  address: 'Street Address',
  suburb: 'Suburb',
  postcode: 'Postcode',
  siteNumber: 'Job No.',
  clientName: 'Client',
  otherPpe: 'Other PPE',
  timeZone: 'Time Zone',
};

/** Issue 55 §3: under the site form's time zone. */
export const timeZoneHint = "Check-ins, SWMS and the evacuation list of this site show on this clock. It follows the postcode's state unless you choose another.";

export const siteColumnLabels = {
  address: 'Street Address',
  suburb: 'Suburb',
  supervisor: 'Site Supervisor',
  client: 'Client',
  siteNumber: 'Job No.',
  status: 'Status',
} as const;

/** Issue 10 §1: the site's gate QR code on its details page. */
export const siteGateText = {
  title: 'Site check-in',
  lead: 'Tradespeople scan this code at the site gate to check in and out.',
  qrAlt: 'QR code for checking in at this site',
  link: 'Check-in link',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'The link could not be copied',
  poster: 'Site poster',
  replace: 'Replace QR code',
  replaceTitle: 'Replace the QR code?',
  replaceLead: 'A new QR code is issued for this site. Every site poster printed so far stops working at once: print the new poster and put it up at the gate.',
  replaceConfirm: 'Replace QR code',
  replacedNote: 'New QR code issued: print the new site poster. Old posters no longer work.',
  cancel: 'Cancel',
} as const;

/** Issue 10 §3: who is on site now, and the evacuation list. */
/** Issue 57 §3: the site's live gap list. */
export const signOnGapsText = {
  title: 'On site without a current sign-on',
  count: (count: number) => `On site without a current sign-on: ${count}`,
  empty: 'Everyone on site has signed on to the current revision of a SWMS for this site.',
  listLabel: 'People on site without a current sign-on',
  missing: 'Not signed on',
  stale: 'Signed an earlier revision only',
  timeIn: 'In',
} as const;

export const onSiteText = {
  title: (count: number) => `On site now: ${count}`,
  loadingTitle: 'On site now',
  empty: 'Nobody is checked in right now',
  listLabel: 'People on site now',
  trade: 'Trade',
  phone: 'Phone',
  timeIn: 'Time in',
  noTrade: 'Trade not given',
  checkOut: 'Check out',
  checkOutLabel: (name: string) => `Check out ${name}`,
  checkOutTitle: (name: string) => `Check out ${name}?`,
  checkOutLead: (name: string) => `${name} is marked as having left the site now. The check-out is recorded in the audit trail as done by you.`,
  checkOutConfirm: 'Check out',
  cancel: 'Cancel',
  evacuationList: 'Evacuation list',
  retry: 'Try again',
  updating: 'Updating…',
} as const;

export const evacuationText = {
  title: 'Evacuation list',
  printedAt: 'Printed at',
  jobNo: 'Job No.',
  print: 'Print',
  downloadPdf: 'Download PDF',
  tableLabel: 'Everyone on site now',
  mustered: 'Mustered',
  musteredLabel: (name: string) => `Mustered: ${name}`,
  name: 'Name',
  trade: 'Trade',
  phone: 'Phone',
  emergencyContact: 'Emergency contact',
  emergencyPhone: 'Emergency phone',
  timeIn: 'Time in',
  none: '—',
  back: 'Back to the site',
} as const;

/** Issue 10 §2: how a check-in in the site's list ended. */
export const checkOutText = {
  onSite: 'On site',
  self: 'Checked out',
  manual: 'Checked out by hand',
  automatic: 'Checked out automatically',
} as const;
