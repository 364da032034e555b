import type { SnapshotFrom } from 'xstate';
import {
  clientPath,
  createClientPath,
  createdClientPath,
  inviteAdminPath,
  type clientOnboardingMachine,
  type CompanyFields,
  type InviteeFields,
} from './client-onboarding.machine';

export type ClientOnboardingSnapshot = SnapshotFrom<typeof clientOnboardingMachine>;

export type OnboardingStep = 'company' | 'admin' | 'done';

export const step = (snapshot: ClientOnboardingSnapshot): OnboardingStep => {
  if (snapshot.status === 'done') return 'done';
  return snapshot.hasTag('companyStep') ? 'company' : 'admin';
};

/** Step 1's address: once the client exists it names it, so Back from the invite edits it (issue 55 §7). */
export const companyPath = (snapshot: ClientOnboardingSnapshot): string => {
  const { clientId } = snapshot.context;
  return clientId === null ? createClientPath : createdClientPath(clientId);
};

/** The page the flow is on: navigate there whenever it differs from the current location. */
export const path = (snapshot: ClientOnboardingSnapshot): string => {
  const { clientId } = snapshot.context;
  if (step(snapshot) === 'company' || clientId === null) return companyPath(snapshot);
  return snapshot.status === 'done' ? clientPath(clientId) : inviteAdminPath(clientId);
};

/** Uploading, creating or inviting: the form's button shows progress and is disabled. */
export const isBusy = (snapshot: ClientOnboardingSnapshot): boolean => snapshot.hasTag('busy');

export const isLoading = (snapshot: ClientOnboardingSnapshot): boolean => snapshot.hasTag('loading');

/** The client step 1 edits after Back (its stored logo included); null on a create. */
export const existingClient = (snapshot: ClientOnboardingSnapshot) => snapshot.context.existing;

export const isUploadingLogo = (snapshot: ClientOnboardingSnapshot): boolean => snapshot.hasTag('uploading');

/** Whole percent for the progress bar; null when no upload runs. */
export const logoProgressPercent = (snapshot: ClientOnboardingSnapshot): number | null =>
  snapshot.context.logoProgress === null ? null : Math.round(snapshot.context.logoProgress * 100);

export const logo = (snapshot: ClientOnboardingSnapshot): File | null => snapshot.context.logo;

/** The values to prefill the company form with (after a failed create). */
export const companyValues = (snapshot: ClientOnboardingSnapshot): CompanyFields | null => snapshot.context.company;

/** The values to prefill the admin invite form with (after a failed invite). */
export const inviteeValues = (snapshot: ClientOnboardingSnapshot): InviteeFields | null => snapshot.context.invitee;

/** The last failure's message (the server's text when it gave one). */
export const error = (snapshot: ClientOnboardingSnapshot): string | null => snapshot.context.error;
