import type { MachineLabels } from './machine-labels';

export const signInRedirectLabels = {
  states: {
    signInRedirect: 'Where a sign-in lands',
    'signInRedirect.deciding': 'Deciding where to go',
    'signInRedirect.acceptInvitation': 'The invitation page',
    'signInRedirect.checkIn': "The site's check-in page",
    'signInRedirect.unauthorisedRole': "'You have no roles in the system'",
    'signInRedirect.returnTo': 'The page they asked for',
    'signInRedirect.clients': 'The client list',
    'signInRedirect.companyProfile': "The company's profile",
    'signInRedirect.companySwms': "The company's SWMS list",
    'signInRedirect.companyAudit': "The company's audit trail",
    'signInRedirect.tradesPerson': "The tradesperson's home",
    'signInRedirect.unauthorised': "'You are not authorised to view this page'",
  },
  events: {},
  guards: {
    hasInvitation: 'an invitation code is waiting',
    returnsToCheckIn: "they came from a site's QR code",
    hasNoPortalRole: 'they have no role',
    hasReturnTo: 'they followed a link to a page',
    isSuperUser: 'they are a super user',
    isCompanyAdmin: 'they are a company admin',
    isCompanySupervisor: 'they are a site supervisor',
    isCompanyAuditor: 'they are an auditor',
    isTradesPerson: 'they are a tradesperson',
  },
} satisfies MachineLabels;
