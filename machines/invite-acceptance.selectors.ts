import type { SnapshotFrom } from 'xstate';
import type { InvitableRole } from '../src/domain/invite';
import { roleLabel } from '../src/domain/roles';
import type { InvitationFailure, inviteAcceptanceMachine } from './invite-acceptance.machine';

export type InviteAcceptanceSnapshot = SnapshotFrom<typeof inviteAcceptanceMachine>;

export interface InvitationSummary {
  readonly companyName: string;
  readonly role: InvitableRole;
  /** Spec §3 role label ('Admin', 'Supervisor'). */
  readonly roleLabel: string;
}

/** Reading the invitation (to show it, or, for a user who already has a role, to see whether it still stands). */
export const isLoading = (snapshot: InviteAcceptanceSnapshot): boolean => snapshot.hasTag('loading');

/** Accepting it. */
export const isAccepting = (snapshot: InviteAcceptanceSnapshot): boolean => snapshot.hasTag('busy');

/** The parts of 'You have received an invitation from company {company name} as {role label}'. */
export const invitation = (snapshot: InviteAcceptanceSnapshot): InvitationSummary | null => {
  const view = snapshot.context.invitation;
  return view && { companyName: view.company.name, role: view.role, roleLabel: roleLabel(view.role) };
};

/** The 'Accept Invite' button is live only while the invitation is shown. */
export const canAccept = (snapshot: InviteAcceptanceSnapshot): boolean => snapshot.matches('showing');

/** Where to navigate now ('/', or the home page of a user who already has a role); null while the gateway stays on screen. */
export const redirectTo = (snapshot: InviteAcceptanceSnapshot): string | null =>
  snapshot.output?.kind === 'redirect' ? snapshot.output.to : null;

/** Set once accepted: the session has been handed this token; decide the redirect from the session's new payload. */
export const acceptedToken = (snapshot: InviteAcceptanceSnapshot): string | null =>
  snapshot.output?.kind === 'accepted' ? snapshot.output.token : null;

/** Spec §8: the server's message, shown full screen with a logout button. */
export const failureMessage = (snapshot: InviteAcceptanceSnapshot): string | null =>
  snapshot.output?.kind === 'failed' ? snapshot.output.message : null;

/** Issue 13 §2: why the invitation cannot be accepted, which next step fits, and the way home when there is one. */
export const failure = (snapshot: InviteAcceptanceSnapshot): InvitationFailure | null => {
  const output = snapshot.output;
  return output?.kind === 'failed' ? output : null;
};
