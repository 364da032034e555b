import type { MachineLabels } from './machine-labels';

export const inviteAcceptanceLabels = {
  states: {
    inviteAcceptance: 'Accepting an invitation',
    'inviteAcceptance.deciding': 'Deciding what the invitation needs',
    'inviteAcceptance.noInvitation': 'No invitation: back to the login',
    'inviteAcceptance.signInFirst': 'Signing in first',
    'inviteAcceptance.checking': 'Checking the invitation still stands',
    'inviteAcceptance.alreadyRegistered': 'Already has a role: home',
    'inviteAcceptance.refused': 'Invitation refused',
    'inviteAcceptance.loading': 'Reading the invitation',
    'inviteAcceptance.showing': 'Showing the invitation',
    'inviteAcceptance.accepting': 'Accepting',
    'inviteAcceptance.accepted': 'Accepted',
    'inviteAcceptance.failed': 'Could not accept',
  },
  events: {
    'xstate.done.actor.checkInvitation': 'when the invitation still stands',
    'xstate.error.actor.checkInvitation': 'when the invitation is refused',
    'xstate.done.actor.loadInvitation': 'when the invitation is read',
    'xstate.error.actor.loadInvitation': 'when reading the invitation fails',
    'invite.accept': "'Accept Invite'",
    'xstate.done.actor.acceptInvite': 'when the new role is given',
    'xstate.error.actor.acceptInvite': 'when accepting fails',
  },
  guards: {
    hasNoCode: 'there is no invitation code',
    isSignedOut: 'nobody is signed in',
    hasPortalRole: 'the person already has a role',
    spentAtSignIn: 'the sign-in itself used the code',
  },
} satisfies MachineLabels;
