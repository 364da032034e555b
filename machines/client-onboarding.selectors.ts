import type { SnapshotFrom } from 'xstate';
import {
  clientPath,
  createClientPath,
  inviteAdminPath,
  type clientOnboardingMachine,
  type CompanyFields,
  type InviteeFields,
} from './client-onboarding.machine';

export type ClientOnboardingSnapshot = SnapshotFrom<typeof clientOnboardingMachine>;

export type OnboardingStep = 'company' | 'admin' | 'done';

export const step = (snapshot: ClientOnboardingSnapshot): OnboardingStep => {
  if (snapshot.status === 'done') return 'done';
  return snapshot.context.clientId === null ? 'company' : 'admin';
};

/** The page the flow is on: navigate there whenever it differs from the current location. */
export const path = (snapshot: ClientOnboardingSnapshot): string => {
  const { clientId } = snapshot.context;
  if (clientId === null) return createClientPath;
  return snapshot.status === 'done' ? clientPath(clientId) : inviteAdminPath(clientId);
};

export const clientId = (snapshot: ClientOnboardingSnapshot): string | null => snapshot.context.clientId;

/** Uploading, creating or inviting: the form's button shows progress and is disabled. */
export const isBusy = (snapshot: ClientOnboardingSnapshot): boolean => snapshot.hasTag('busy');

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
