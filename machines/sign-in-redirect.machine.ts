import { createActor, setup } from 'xstate';
import type { Role } from '../src/domain/roles';
import type { AccessTokenPayload } from '../src/domain/token';
import { isCheckInPage } from './route-access.selectors';

export interface SignInRedirectInput {
  payload: AccessTokenPayload;
  inviteCode: string | null;
  /** The protected location that bounced to '/', when there was one. */
  returnTo: string | null;
}

const gatewayPaths = new Set(['/', '/accept_invitation', '/unauthorised_role']);

/** A remembered location is followed only when it is a same-origin path of a protected page. */
export function isSafeReturnTo(returnTo: string | null): returnTo is string {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\')) return false;
  const pathname = returnTo.split(/[?#]/, 1)[0] ?? '';
  return !gatewayPaths.has(pathname.replace(/(.)\/+$/, '$1'));
}

const hasRole = (payload: AccessTokenPayload, role: Role) => payload.roles.includes(role);

/** DESIGN.md 'Redirect after sign-in': spec §2's two readings merged into one ordered decision. */
export const signInRedirectMachine = setup({
  types: {} as {
    context: SignInRedirectInput;
    input: SignInRedirectInput;
    output: string;
  },
  guards: {
    hasInvitation: ({ context }) => Boolean(context.inviteCode),
    returnsToCheckIn: ({ context }) => isSafeReturnTo(context.returnTo) && isCheckInPage(context.returnTo),
    hasNoPortalRole: ({ context }) =>
      hasRole(context.payload, 'Unregistered') || context.payload.roles.length === 0,
    hasReturnTo: ({ context }) => isSafeReturnTo(context.returnTo),
    isSuperUser: ({ context }) => hasRole(context.payload, 'SuperUser'),
    isCompanyAdmin: ({ context }) => hasRole(context.payload, 'CompanyAdmin') && context.payload.company !== null,
    isCompanySupervisor: ({ context }) =>
      hasRole(context.payload, 'CompanySupervisor') && context.payload.company !== null,
    isCompanyAuditor: ({ context }) => hasRole(context.payload, 'CompanyAuditor') && context.payload.company !== null,
    isTradesPerson: ({ context }) => hasRole(context.payload, 'TradesPerson'),
  },
}).createMachine({
  id: 'signInRedirect',
  description: 'Where a freshly signed-in user lands.',
  context: ({ input }) => input,
  initial: 'deciding',
  output: ({ event }) => event.output as string,
  states: {
    deciding: {
      description: 'The first rule that applies wins, in this order.',
      always: [
        { guard: 'hasInvitation', target: 'acceptInvitation' },
        { guard: 'returnsToCheckIn', target: 'checkIn' },
        { guard: 'hasNoPortalRole', target: 'unauthorisedRole' },
        { guard: 'hasReturnTo', target: 'returnTo' },
        { guard: 'isSuperUser', target: 'clients' },
        { guard: 'isCompanyAdmin', target: 'companyProfile' },
        { guard: 'isCompanySupervisor', target: 'companySwms' },
        { guard: 'isCompanyAuditor', target: 'companyAudit' },
        { guard: 'isTradesPerson', target: 'tradesPerson' },
        { target: 'unauthorised' },
      ],
    },
    acceptInvitation: {
      type: 'final',
      description: 'An invitation code is waiting: accept it first.',
      output: '/accept_invitation',
    },
    checkIn: {
      type: 'final',
      description:
        "Issue 10: back to the site's check-in page whose QR code was scanned, even without a role yet: that page makes them a tradesperson.",
      output: ({ context }) => context.returnTo ?? '/',
    },
    unauthorisedRole: {
      type: 'final',
      description: "Unregistered, or no role at all: 'You have no roles in the system'.",
      output: '/unauthorised_role',
    },
    returnTo: {
      type: 'final',
      description: 'Back to the deep link that bounced to the login screen.',
      output: ({ context }) => context.returnTo ?? '/',
    },
    clients: {
      type: 'final',
      description: 'A super user starts at the client list.',
      output: '/clients',
    },
    companyProfile: {
      type: 'final',
      description: "A company admin starts at their company's profile.",
      output: ({ context }) => `/company/${context.payload.company}`,
    },
    companySwms: {
      type: 'final',
      description: "A site supervisor starts at their company's SWMS list.",
      output: ({ context }) => `/company/${context.payload.company}/swms`,
    },
    companyAudit: {
      type: 'final',
      description: "An auditor starts at their company's audit trail.",
      output: ({ context }) => `/company/${context.payload.company}/audit`,
    },
    tradesPerson: {
      type: 'final',
      description: 'A tradesperson starts at their own home page.',
      output: ({ context }) => `/trades/${context.payload.sub}`,
    },
    unauthorised: {
      type: 'final',
      description: 'A role with no home (e.g. a company role without a company).',
      output: '/unauthorised',
    },
  },
});

/** Runs the redirect decision to completion and answers the path to navigate to. */
export function decideRedirect(input: SignInRedirectInput): string {
  const actor = createActor(signInRedirectMachine, { input }).start();
  const { output } = actor.getSnapshot();
  actor.stop();
  return output ?? '/';
}
