import type { InvitationProblem } from '../../../machines/invite-acceptance.machine';
import { authText } from './strings';

export const invitationText = {
  received: (company: string, role: string) => `You have received an invitation from company ${company} as ${role}`,
  acceptInvite: 'Accept Invite',
  lead: 'Accepting adds this role to the account you are signed in with.',
  goHome: authText.goHome,
  nextStepTitle: 'What to do next',
} as const;

/** Issue 13 §2: what to do next, for each reason the server gives for refusing an invitation. */
export const invitationNextStep: Readonly<Record<InvitationProblem, string>> = {
  used: 'An invitation works once. If you accepted it before, your role is already on your account. If not, ask your company admin to send you a new invitation.',
  expired: 'Invitations last 7 days. Ask your company admin to resend it: the new email has a fresh link.',
  replaced: 'A newer invitation replaced this one, or the company is no longer in the portal. Open the link in the most recent invitation email, or ask your company admin for a new invitation.',
  notValid: 'Check that the whole link from the invitation email was opened, or ask your company admin for a new invitation.',
  wrongEmail: 'Log out and sign in with the account of the email address the invitation was sent to, or ask your company admin to invite this address instead.',
  unavailable: 'The invitation could not be checked just now. Open the link in the invitation email again in a moment.',
};
