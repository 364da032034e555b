import type { AuditEvent } from './audit';
import { formatShortDateTime } from './dates';
import { roleLabel, roles, type Role } from './roles';

const isRole = (value: string | null | undefined): value is Role => (roles as readonly string[]).includes(value ?? '');

const statusWords: Record<string, string> = { ongoing: 'Ongoing', on_hold: 'On Hold', completed: 'Completed', cancelled: 'Cancelled' };

const field = (detail: unknown, name: string): string | undefined => {
  const value = typeof detail === 'object' && detail !== null ? (detail as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** What happened, as a verb phrase about the target: 'marked SWMS HB-1047 / Rope access as Reviewed'. */
function whatHappened(event: AuditEvent): string {
  const label = event.target.label ?? event.target._id ?? '';
  switch (event.action) {
    case 'company.create':
      return `created client ${label}`;
    case 'company.update':
      return `edited client ${label}`;
    case 'company.delete':
      return `deleted client ${label}`;
    case 'invite.create':
      return `invited ${label}`;
    case 'invite.resend':
      return `resent the invitation to ${label}`;
    case 'invite.accept':
      return `accepted the invitation as ${label}`;
    case 'site.create':
      return `created site ${label}`;
    case 'site.update':
      return `edited site ${label}`;
    case 'site.status': {
      const to = field(event.detail, 'to') ?? field(event.detail, 'status');
      return to ? `set site ${label} to ${statusWords[to] ?? to}` : `changed the status of site ${label}`;
    }
    case 'swms.reviewed':
      return `marked SWMS ${label} as Reviewed`;
    case 'swms.returnedForReview':
      return `returned SWMS ${label} to For Review`;
    case 'swms.changesRequested': {
      const comment = field(event.detail, 'comment');
      return `requested changes to SWMS ${label}${comment ? `: ${comment}` : ''}`;
    }
    case 'swms.submitted':
      return `submitted SWMS ${label}`;
    case 'swms.revised': {
      const revision = (event.detail as { revision?: unknown } | null)?.revision;
      return typeof revision === 'number'
        ? `sent revision ${revision} of SWMS ${label}: both reviews are back to For Review`
        : `sent a revision of SWMS ${label}: both reviews are back to For Review`;
    }
    case 'swms.signedOn': {
      const revision = (event.detail as { revision?: unknown } | null)?.revision;
      return `signed on to ${typeof revision === 'number' ? `revision ${revision} of ` : ''}SWMS ${label}`;
    }
    case 'checkIn.created':
      return `checked in at site ${label}`;
    case 'checkIn.refused': {
      const problems = (event.detail as { problems?: unknown } | null)?.problems;
      const why = Array.isArray(problems) ? problems.filter((item) => typeof item === 'string').join('; ') : '';
      return `was refused check-in at site ${label}${why ? `: ${why}` : ''}`;
    }
    case 'checkIn.closed':
      return field(event.detail, 'reason') === 'checkedInElsewhere'
        ? `was checked out of site ${label} on checking in at another site`
        : `checked out of site ${label}`;
    case 'checkIn.closedByHand':
      return `checked ${field(event.detail, 'name') ?? 'a tradesperson'} out of site ${label} by hand`;
    case 'checkIn.closedAtMidnight':
      return `checked ${field(event.detail, 'name') ?? 'a tradesperson'} out of site ${label} at midnight site time`;
    case 'site.qrReplaced':
      return `replaced the QR code of site ${label}: older posters no longer work`;
    case 'trades.registered':
      return 'joined as a tradesperson from a site QR code';
    case 'trades.profileUpdated':
      return 'updated their tradesperson profile and licences';
    case 'profile.update':
      return 'edited their profile';
    case 'auth.signIn':
      return 'signed in';
    case 'auth.signOut':
      return 'signed out';
    case 'auth.refreshReuse':
      return `had a copied session refused and ended (${label})`;
    case 'file.replaced':
      return `replaced the ${field(event.detail, 'file') === 'logo' ? 'logo' : 'safety plan'} of ${label}`;
    case 'auth.superUserAdded':
      return `made ${label} a Super User`;
    case 'demo.seeded':
      return 'loaded the demo data';
    default:
      return `${event.action} ${label}`.trim();
  }
}

/**
 * Issue 9: one audit event as one line a person reads, e.g. 'Priya Sharma (Supervisor) marked SWMS … as Reviewed, 21 Nov 2026 14:05';
 * on the viewer's clock, or on `timeZone`'s, named, where there is no viewer (a PDF).
 */
export function auditSentence(event: AuditEvent, timeZone?: string): string {
  const who = event.actor ? `${event.actor.name || event.actor.email}${isRole(event.actor.role) ? ` (${roleLabel(event.actor.role)})` : ''}` : 'The system';
  return `${who} ${whatHappened(event)}, ${formatShortDateTime(event.at, timeZone)}`;
}

/** '3f9a…c21e': enough of a hash to compare by eye. */
export const shortHash = (hash: string) => `${hash.slice(0, 4)}…${hash.slice(-4)}`;
