import type { FastifyInstance } from 'fastify';
import { decode } from '../../src/domain/decode';
import { Uuid } from '../../src/domain/fields';
import { ppeValues, type Ppe } from '../../src/domain/ppe';
import { projectSiteMessages } from '../../src/domain/project-site';
import {
  CheckInIdParam,
  isClosedForCheckIn,
  siteVisitAuditActions,
  siteVisitMessages,
  type ActiveCheckIn,
  type CheckInRequest,
  type EndedCheckIn,
  type OnSiteList,
  type SiteQr,
  type SiteVisit,
  type VisitSite,
} from '../../src/domain/site-visit';
import type { AccessTokenPayload, TokenResponse } from '../../src/domain/token';
import { calendarDateIn, checkInProblems, TradesProfileUpdate } from '../../src/domain/trades';
import type { Db } from '../db/database';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { rolesAndCompany } from '../users/repository';
import type { Actor } from '../audit/request-context';
import { recordSiteVisitEvents, recordTradesRegistered } from './audit';
import { closeStaleCheckIns, isStale } from './auto-checkout';
import { newSiteKey, siteCheckInUrl, siteKeysMatch } from './keys';
import { startOfSiteDay } from './midnight';
import {
  closeCheckIns,
  findCompanySite,
  findGateSite,
  findOpenCheckIns,
  findOpenCheckInAtSite,
  findPeopleOnSite,
  findTradesProfile,
  hasCheckedInSince,
  insertCheckIn,
  insertTradesRole,
  lockUser,
  setSiteKey,
  type ClosedCheckIn,
  type GateSite,
  type TradesProfileRow,
} from './repository';
import { inTransaction } from '../db/transaction';

type App = Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'live' | 'auth'>;

const isPpe = (value: string): value is Ppe => (ppeValues as readonly string[]).includes(value);
const personName = (row: { readonly first_name: string; readonly surname: string; readonly email: string }) =>
  `${row.first_name} ${row.surname}`.trim() || row.email;

const invalidKey = () => forbidden(siteVisitMessages.invalidKey);

/**
 * Issue 10 §1: the site behind a poster's key. An unknown or malformed site id, a deleted client's
 * site and a wrong or replaced key all get the same 403, so the gate reveals no site's existence.
 */
export async function siteForKey(db: Db, rawSiteId: unknown, rawKey: unknown): Promise<GateSite> {
  const siteId = decode(Uuid, rawSiteId);
  if (!siteId.ok || typeof rawKey !== 'string' || rawKey === '') throw invalidKey();
  const site = await findGateSite(db, siteId.value);
  if (!site || !siteKeysMatch(site.site_key, rawKey)) throw invalidKey();
  return site;
}

export function visitSiteView(site: GateSite): VisitSite {
  return {
    _id: site.id,
    address: site.address,
    suburb: site.suburb,
    postcode: site.postcode,
    siteNumber: site.site_number,
    companyName: site.company_name,
    ppe: site.ppe.filter(isPpe),
    otherPpe: site.other_ppe,
    hasSafetyPlan: site.plan_file_key !== null,
    timeZone: site.time_zone,
    status: site.status,
  };
}

const isTradesPerson = (user: AccessTokenPayload | null): user is AccessTokenPayload => user?.roles.includes('TradesPerson') ?? false;

/** The profile as its form would send it: complete when the form would accept it (spec §2 /trades fields). */
function profileComplete(profile: TradesProfileRow): boolean {
  return decode(TradesProfileUpdate, {
    firstName: profile.first_name,
    surname: profile.surname,
    phone: profile.phone,
    email: profile.contact_email || profile.email,
    emergencyContactName: profile.emergency_contact_name,
    emergencyContactPhone: profile.emergency_contact_phone,
    tradeQualifications: profile.trade_qualifications,
    whitecardNumber: profile.whitecard_number,
    whitecardPhoto: null,
    licences: profile.licences.map((licence) => ({ licenceClass: licence.licence_class, number: licence.number, expiresOn: licence.expires_on, photo: null })),
  }).ok;
}

function problemsOf(profile: TradesProfileRow | undefined, today: string): string[] {
  if (!profile) return [];
  return checkInProblems(
    {
      firstName: profile.first_name,
      phone: profile.phone,
      whitecardNumber: profile.whitecard_number,
      licences: profile.licences.map((licence) => ({ licenceClass: licence.licence_class, expiresOn: licence.expires_on })),
    },
    today,
  );
}

const activeView = (row: { readonly id: string; readonly site_id: string; readonly created_at: Date | string }): ActiveCheckIn => ({
  _id: row.id,
  siteId: row.site_id,
  checkedInAt: new Date(row.created_at).toISOString(),
});

const endedView = (row: ClosedCheckIn): EndedCheckIn => ({
  _id: row.id,
  siteId: row.site_id,
  checkedInAt: row.created_at.toISOString(),
  checkedOutAt: row.checked_out_at.toISOString(),
  checkoutKind: row.checkout_kind,
});

/** The user's open check-ins that began today, site time: older ones ended at midnight (the pass may not have run yet). */
async function openToday(db: Db, userId: string, now: Date) {
  return (await findOpenCheckIns(db, { userId })).filter((row) => !isStale(row, now));
}

/** GET site/{siteId}?key=…: the gate page's site, and for a signed-in tradesperson where they stand. */
export async function readSiteVisit(app: App, user: AccessTokenPayload | null, rawSiteId: unknown, rawKey: unknown, now = new Date()): Promise<SiteVisit> {
  const site = await siteForKey(app.db, rawSiteId, rawKey);
  const view = visitSiteView(site);
  if (!isTradesPerson(user)) return { site: view, visitor: null };
  const since = startOfSiteDay(view.timeZone, now);
  const [profile, open, checkedInToday] = await Promise.all([
    findTradesProfile(app.db, user.sub),
    openToday(app.db, user.sub, now).then((open) => open.find((row) => row.site_id === site.id)),
    hasCheckedInSince(app.db, user.sub, site.id, since),
  ]);
  return {
    site: view,
    visitor: {
      checkIn: open ? activeView(open) : null,
      checkedInToday,
      safetyPlan: site.plan_file_key ? { url: app.storage.readUrl(site.plan_file_key) } : null,
      profileComplete: profile ? profileComplete(profile) : false,
      problems: problemsOf(profile, calendarDateIn(view.timeZone, now)),
    },
  };
}

/** POST site/{siteId}/join: DESIGN.md, anyone who signs in from a site's QR code without a role becomes a TradesPerson. */
export async function joinAsTradesPerson(app: App, user: AccessTokenPayload, requestId: string | null, rawSiteId: unknown, key: string): Promise<TokenResponse> {
  const site = await siteForKey(app.db, rawSiteId, key);
  await inTransaction(app.db, async (trx) => {
    await lockUser(trx, user.sub);
    const { roles } = await rolesAndCompany(trx, user.sub);
    if (roles.includes('TradesPerson')) return;
    if (roles.some((role) => role !== 'Unregistered')) throw forbidden(siteVisitMessages.tradesOnly);
    await insertTradesRole(trx, user.sub, new Date());
    await recordTradesRegistered(trx, { userId: user.sub, requestId }, site.id);
  });
  return { token: await app.auth.issueAccessToken(user.sub) };
}

export interface CheckInAnswer {
  readonly created: boolean;
  readonly checkIn: ActiveCheckIn;
}

async function announce(app: App, companyIds: Iterable<string>): Promise<void> {
  for (const companyId of new Set(companyIds)) await app.live.publish({ companyId, topic: 'onsite' });
}

/**
 * POST site/{siteId}/checkin (issue 10 §2): a closed site, an unread safety plan and every licence
 * problem refuse it (a licence refusal is recorded); checking in again answers the open check-in;
 * an open check-in at another site ends first.
 */
export async function checkIn(
  app: App,
  user: AccessTokenPayload,
  requestId: string | null,
  rawSiteId: unknown,
  request: CheckInRequest,
  now = new Date(),
): Promise<CheckInAnswer> {
  const site = await siteForKey(app.db, rawSiteId, request.key);
  if (isClosedForCheckIn(site.status)) throw conflict(siteVisitMessages.siteClosed);
  if (site.plan_file_key !== null && request.safetyPlanAcknowledged !== true) throw badRequest(siteVisitMessages.safetyPlanNotAcknowledged);
  const timeZone = site.time_zone;
  const problems = problemsOf(await findTradesProfile(app.db, user.sub), calendarDateIn(timeZone, now));
  if (problems.length > 0) {
    await recordSiteVisitEvents(app.db, requestId, [{ action: siteVisitAuditActions.refused, actorUserId: user.sub, siteId: site.id, detail: { problems } }]);
    throw conflict(problems.join('; '));
  }

  const { answer, companies } = await inTransaction(app.db, async (trx) => {
    await lockUser(trx, user.sub);
    const companies = await closeStaleCheckIns(trx, now, { userId: user.sub }, requestId);
    const open = await openToday(trx, user.sub, now);
    const here = open.find((row) => row.site_id === site.id);
    if (here) return { answer: { created: false, checkIn: activeView(here) }, companies };
    const elsewhere = await closeCheckIns(
      trx,
      open.map((row) => ({ id: row.id, at: now, kind: 'self' as const, by: user.sub })),
    );
    const acknowledged = site.plan_file_key !== null;
    const id = await insertCheckIn(trx, { siteId: site.id, userId: user.sub, at: now, safetyPlanAcknowledged: acknowledged });
    await recordSiteVisitEvents(trx, requestId, [
      ...elsewhere.map((row) => ({
        action: siteVisitAuditActions.checkedOut,
        actorUserId: user.sub,
        siteId: row.site_id,
        detail: { checkInId: row.id, checkedInAt: row.created_at.toISOString(), checkedOutAt: row.checked_out_at.toISOString(), checkoutKind: row.checkout_kind, reason: 'checkedInElsewhere', nextSiteId: site.id },
      })),
      {
        action: siteVisitAuditActions.checkedIn,
        actorUserId: user.sub,
        siteId: site.id,
        detail: { checkInId: id, checkedInAt: now.toISOString(), ppeConfirmed: true, safetyPlanAcknowledged: acknowledged },
      },
    ]);
    const left = open.filter((row) => elsewhere.some((closed) => closed.id === row.id)).map((row) => row.company_id);
    return { answer: { created: true, checkIn: activeView({ id, site_id: site.id, created_at: now }) }, companies: [...companies, ...left, site.company_id] };
  });
  await announce(app, companies);
  return answer;
}

/** POST site/{siteId}/checkout: the tradesperson ends their own check-in here (a key, when sent, must be the current one). */
export async function checkOut(
  app: App,
  user: AccessTokenPayload,
  requestId: string | null,
  rawSiteId: unknown,
  key: string | undefined,
  now = new Date(),
): Promise<EndedCheckIn> {
  if (key !== undefined) await siteForKey(app.db, rawSiteId, key);
  const siteId = decode(Uuid, rawSiteId);
  if (!siteId.ok) throw conflict(siteVisitMessages.notCheckedIn);
  const { ended, companies } = await inTransaction(app.db, async (trx) => {
    await lockUser(trx, user.sub);
    const companies = await closeStaleCheckIns(trx, now, { userId: user.sub }, requestId);
    const here = (await openToday(trx, user.sub, now)).find((row) => row.site_id === siteId.value);
    if (!here) return { ended: undefined, companies };
    const [closed] = await closeCheckIns(trx, [{ id: here.id, at: now, kind: 'self', by: user.sub }]);
    if (!closed) return { ended: undefined, companies };
    await recordSiteVisitEvents(trx, requestId, [
      {
        action: siteVisitAuditActions.checkedOut,
        actorUserId: user.sub,
        siteId: closed.site_id,
        detail: { checkInId: closed.id, checkedInAt: closed.created_at.toISOString(), checkedOutAt: closed.checked_out_at.toISOString(), checkoutKind: 'self' },
      },
    ]);
    return { ended: closed, companies: [...companies, here.company_id] };
  });
  await announce(app, companies);
  if (!ended) throw conflict(siteVisitMessages.notCheckedIn);
  return endedView(ended);
}

/** A site of the caller's company, or the same 404 the other site routes answer. */
export async function companySite(app: Pick<App, 'db'>, companyId: string, siteId: string): Promise<GateSite> {
  const site = await findCompanySite(app.db, companyId, siteId);
  if (!site) throw notFound(projectSiteMessages.notFound);
  return site;
}

export const siteQrView = (app: Pick<App, 'config'>, site: Pick<GateSite, 'id' | 'site_key'>): SiteQr => ({
  url: siteCheckInUrl(app.config.publicUrl, site.id, site.site_key),
});

/** POST …/qr: a new key; posters printed with the old one stop working at once. */
export async function replaceSiteKey(app: App, companyId: string, siteId: string, actor: Actor): Promise<SiteQr> {
  const site = await companySite(app, companyId, siteId);
  const key = newSiteKey();
  await inTransaction(app.db, async (trx) => {
    await setSiteKey(trx, site.id, key);
    await recordSiteVisitEvents(trx, actor.requestId, [{ action: siteVisitAuditActions.qrReplaced, actorUserId: actor.userId, siteId: site.id, detail: {} }]);
  });
  return siteQrView(app, { id: site.id, site_key: key });
}

/** GET …/onsite (issue 10 §3). */
export async function onSiteList(app: Pick<App, 'db'>, site: GateSite, now = new Date()): Promise<OnSiteList> {
  const rows = await findPeopleOnSite(app.db, site.id, startOfSiteDay(site.time_zone, now));
  return {
    siteId: site.id,
    count: rows.length,
    people: rows.map((row) => ({
      checkInId: row.id,
      userId: row.user_id,
      firstName: row.first_name || row.email,
      surname: row.surname,
      trade: row.trade_qualifications,
      phone: row.phone,
      emergencyContactName: row.emergency_contact_name,
      emergencyContactPhone: row.emergency_contact_phone,
      checkedInAt: new Date(row.created_at).toISOString(),
    })),
  };
}

/** POST …/onsite/{checkInId}/checkout: an admin or supervisor checks someone out by hand (recorded). */
export async function checkOutByHand(
  app: App,
  companyId: string,
  siteId: string,
  rawCheckInId: unknown,
  actor: Actor,
  now = new Date(),
): Promise<EndedCheckIn> {
  const site = await companySite(app, companyId, siteId);
  const checkInId = decode(CheckInIdParam, rawCheckInId);
  if (!checkInId.ok) throw notFound(siteVisitMessages.checkInNotFound);
  const ended = await inTransaction(app.db, async (trx) => {
    const open = await findOpenCheckInAtSite(trx, site.id, checkInId.value);
    if (!open) throw notFound(siteVisitMessages.checkInNotFound);
    const [closed] = await closeCheckIns(trx, [{ id: open.id, at: now, kind: 'manual', by: actor.userId }]);
    if (!closed) throw notFound(siteVisitMessages.checkInNotFound);
    await recordSiteVisitEvents(trx, actor.requestId, [
      {
        action: siteVisitAuditActions.checkedOutByHand,
        actorUserId: actor.userId,
        siteId: site.id,
        detail: {
          checkInId: closed.id,
          tradesPersonId: closed.user_id,
          name: personName(open),
          checkedInAt: closed.created_at.toISOString(),
          checkedOutAt: closed.checked_out_at.toISOString(),
          checkoutKind: 'manual',
        },
      },
    ]);
    return closed;
  });
  return endedView(ended);
}
