export const authText = {
  signInTitle: 'Sign in',
  signInLead: 'Use the Google or Apple account your company registered with.',
  heroTitle: 'Safer sites, from the gate to sign-off.',
  heroLead: 'Project sites, site teams and SWMS reviews for Australian builders, in one place.',
  heroPoints: ['SWMS reviewed by the right person', 'Check-ins recorded at every site', 'Every change kept on the audit trail'],
  noRoles: 'You have no roles in the system',
  notAuthorised: 'You are not authorised to view this page',
  notAuthorisedTitle: 'Not Authorised',
  acceptInvitationTitle: 'Accept Invitation',
  logout: 'Logout',
  goHome: 'Go to your home page',
} as const;
