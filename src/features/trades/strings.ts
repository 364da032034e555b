import { siteVisitMessages } from '../../domain/site-visit';
import { tradesMessages } from '../../domain/trades';
import type { LicenceField, TradesTextField } from '../../domain/trades-profile-form';

export const tradesText = {
  details: 'Tradesperson Details',
  personalDetails: 'Personal Details',
  emergencyContact: 'Emergency Contact',
  qualifications: 'Trades and Qualifications',
  notAuthorised: tradesMessages.notAuthorised,
  notFound: 'This tradesperson does not exist',
  back: 'Back',
  notProvided: 'Not provided',
  whitecardPhoto: 'White Card Photo',
  noWhitecardPhoto: 'No photo added',
  licences: 'High-Risk Work Licences',
  noLicences: 'No licences listed',
  licencePhoto: (licenceClass: string) => `Photo of the ${licenceClass} licence`,
  expires: (date: string) => `Expires ${date}`,
  expired: (date: string) => `Expired ${date}`,
  expiresSoon: (date: string) => `Expires soon: ${date}`,
} as const;

export type TradesField = TradesTextField;

export const tradesFieldLabels: Record<TradesTextField, string> = {
  firstName: 'First Name',
  surname: 'Surname',
  phone: 'Phone',
  email: 'Email',
  emergencyContactName: 'Emergency Contact Name',
  emergencyContactPhone: 'Emergency Contact Phone',
  tradeQualifications: 'Trades / Qualifications',
  whitecardNumber: 'White Card Number',
};

export const licenceFieldLabels: Record<LicenceField, string> = {
  licenceClass: 'Licence class',
  number: 'Licence number',
  expiresOn: 'Expiry date',
};

export const profileFormText = {
  title: 'My Profile',
  firstTimeTitle: 'Complete your profile',
  firstTimeLead: 'Before your first check-in, tell us who you are, who to call in an emergency, and your white card. It takes about two minutes.',
  lead: 'Keep these details current: site supervisors call these numbers in an emergency.',
  draftRestored: 'Your unsaved changes from last time are back.',
  discardDraft: 'Discard changes',
  draftKept: 'Changes are kept on this phone until you save them.',
  whitecard: 'White Card',
  whitecardHint: 'A clear photo of the front of your card.',
  licencesHint: 'Add each high-risk work licence you hold, with its expiry date. An expired licence blocks check-in.',
  addLicence: 'Add licence',
  removeLicence: 'Remove',
  removeLicenceLabel: (index: number) => `Remove licence ${index}`,
  licenceHeading: (index: number) => `Licence ${index}`,
  licencePhoto: 'Licence photo (optional)',
  licenceClassHint: 'Pick from the list or type your class.',
  licenceExpired: 'This licence has expired: check-in at a site is refused until you renew it, or remove it if you no longer do that work.',
  saveEdits: 'Save Edits',
  cancel: 'Cancel',
  saved: tradesMessages.saved,
  saveFailed: tradesMessages.saveFailed,
  fixErrors: 'Check the fields marked below.',
  tooManyLicences: tradesMessages.tooManyLicences,
} as const;

export const photoText = {
  takePhoto: 'Take photo',
  choosePhoto: 'Choose from gallery',
  replace: 'Replace photo',
  remove: 'Remove photo',
  preparing: 'Preparing photo…',
  uploading: (name: string) => `Uploading ${name}`,
  cancel: 'Cancel upload',
  retry: 'Try again',
  noPhoto: 'No photo yet',
  attached: 'Photo attached',
} as const;

export const homeText = {
  title: 'Home',
  greeting: (firstName: string) => (firstName ? `G'day, ${firstName}` : "G'day"),
  checkInTitle: 'Check in',
  checkInLead: 'Scan the QR code on the site poster at the gate.',
  scan: 'Scan QR code',
  stopScan: 'Stop scanning',
  scanning: 'Point the camera at the QR code on the site poster.',
  cameraUnsupported: "This browser can't scan QR codes. Use your phone's camera app to scan the poster, or paste the site link below.",
  cameraDenied: 'The camera could not be started. Allow camera access, or paste the site link below.',
  notACheckInLink: 'That is not a check-in link for this portal. Scan the QR code on the site poster at the gate.',
  linkLabel: 'Site link',
  linkPlaceholder: 'https://…/site/…/check-in?key=…',
  openLink: 'Open site link',
  onSiteTitle: 'On site now',
  earlierToday: 'Checked in earlier today',
  checkedInAt: (time: string) => `Checked in ${time}`,
  checkOut: 'Check out',
  newSwms: 'New SWMS',
  newSwmsFor: (address: string) => `New SWMS for ${address}`,
  recentCheckIns: 'Recent check-ins',
  noCheckIns: 'No check-ins yet: scan the QR code at the site gate',
  checkedOutAt: (time: string) => `Out ${time}`,
  checkedOutAutomatically: (time: string) => `Out ${time} (automatic, at midnight)`,
  checkedOutBySupervisor: (time: string) => `Out ${time} (by the site)`,
  stillOnSite: 'On site',
  swmsTitle: 'My SWMS',
  noSwms: 'No SWMS yet: check in at a site, then tap New SWMS',
  untitledSwms: 'SWMS',
  submittedAt: (time: string) => `Submitted ${time}`,
  showAllSwms: (count: number) => `Show all ${count} SWMS`,
  showAllCheckIns: (count: number) => `Show all ${count} check-ins`,
  showFewer: 'Show fewer',
  reviewFlag: (who: string, status: string) => `${who}: ${status}`,
  adminReviewer: 'Admin',
  supervisorReviewer: 'Supervisor',
  changesRequested: 'Changes requested',
  changesAbout: (part: string) => `About: ${part}`,
  profileTitle: 'My Profile',
  editProfile: 'Edit profile',
  completeProfile: 'Complete profile',
  profileNeedsWork: 'Fix these before your next check-in:',
  checkedOut: siteVisitMessages.checkedOut,
} as const;

/** Issue 55 §4: the tradesperson's home and profile with no signal, showing only what the phone keeps. */
export const offlineText = {
  home: 'You are offline. Your check-ins, SWMS and profile show again when the signal returns; below is what this phone keeps.',
  profile: 'You are offline. Your profile opens when the signal returns.',
  profileDraftKept: 'Your unsaved changes are kept on this phone and come back when the profile opens.',
  draftsTitle: 'SWMS drafts on this phone',
  noDrafts: 'No SWMS drafts on this phone.',
  untitledDraft: 'SWMS not yet described',
  savedAt: (time: string) => `Saved ${time}`,
  continueDraft: 'Continue',
  continueDraftFor: (task: string) => `Continue ${task}`,
  tryAgain: 'Try again',
} as const;
