import type { MachineLabels } from './machine-labels';

export const clientOnboardingLabels = {
  states: {
    'clientOnboarding.loadingCompany': 'Opening the client created already',
    'clientOnboarding.updatingCompany': 'Saving the client',
    clientOnboarding: 'Onboarding a client',
    'clientOnboarding.resuming': 'Opening the onboarding',
    'clientOnboarding.editingCompany': "Filling in 'Create New Client'",
    'clientOnboarding.uploadingLogo': 'Uploading the logo',
    'clientOnboarding.creatingCompany': 'Creating the client',
    'clientOnboarding.invitingAdmin': "Filling in 'Create Admin User'",
    'clientOnboarding.sendingInvite': 'Sending the invitation',
    'clientOnboarding.done': 'Client page',
  },
  events: {
    'xstate.done.actor.loadCompany': 'when the client is read',
    'xstate.error.actor.loadCompany': 'when the client cannot be read',
    'xstate.done.actor.updateCompany': 'when the client is saved',
    'xstate.error.actor.updateCompany': 'when saving the client fails',
    'logo.choose': 'a logo is chosen',
    'logo.remove': 'the logo is removed',
    'company.submit': "'Next'",
    'logo.progress': 'the upload moves on',
    'xstate.done.actor.uploadLogo': 'when the logo is uploaded',
    'xstate.error.actor.uploadLogo': 'when the upload fails',
    'xstate.done.actor.createCompany': 'when the client is created',
    'xstate.error.actor.createCompany': 'when creating the client fails',
    'invite.submit': "'Send Invite'",
    'xstate.done.actor.sendInvite': 'when the invitation is sent',
    'xstate.error.actor.sendInvite': 'when sending the invitation fails',
  },
  guards: {
    isRevisit: 'back at step 1 with the client created',
    hasClient: 'the client exists already',
    needsLogoUpload: 'a logo is chosen and not uploaded yet',
  },
} satisfies MachineLabels;
