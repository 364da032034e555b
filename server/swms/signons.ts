import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decode, requestMessage, requestWording } from '../../src/domain/decode';
import { Uuid } from '../../src/domain/fields';
import { isWhatItClaims } from '../../src/domain/file-signatures';
import { fullAddress } from '../../src/domain/project-site';
import { swmsMessages } from '../../src/domain/swms';
import {
  maxDrawnSignatureBytes,
  SwmsSignOnRequest,
  swmsSignOnMessages,
  type SignOnGaps,
  type SignOnSignature,
  type SignOnState,
  type SiteSwmsToSign,
  type SwmsSignOnResult,
  type SwmsSignOns,
} from '../../src/domain/swms-signon';
import type { AccessTokenPayload } from '../../src/domain/token';
import type { Db } from '../db/database';
import type { SignOnSheetLine } from '../pdf/swms-pdf';
import type { SignOnKind } from '../db/tables';
import { inTransaction } from '../db/transaction';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { startOfSiteDay } from '../site-visits/midnight';
import { companySite } from '../site-visits/service';
import type { Reviewer } from './access';
import { findCompanySwms } from './repository';
import {
  findSignOn,
  findSignOnGaps,
  findSiteSwms,
  insertSignOn,
  listAllSignOns,
  listLatestSignOns,
  listSiteSwmsForWorker,
  recordSignOn,
  supervisesSite,
} from './signons-repository';
import { checkedInToday } from './submission';
import { findSubmissionSite } from './submission-repository';

type App = Pick<FastifyInstance, 'db' | 'storage' | 'live'>;

/** A worker as the sign-on answers name them: an account without a name yet shows its email, as the on-site list does. */
const person = (id: string, row: { readonly first_name: string; readonly surname: string; readonly email: string }) => ({
  _id: id,
  firstName: row.first_name || row.email,
  surname: row.surname,
});

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Issue 57 §3: the site a tradesperson signs on at, when they are checked in there now or were today (site time), as a
 * submission requires. Anyone else, an unknown site and a malformed id answer alike.
 */
async function checkedInSite(app: App, user: AccessTokenPayload, rawSiteId: unknown, now: Date) {
  if (!user.roles.includes('TradesPerson')) throw forbidden(swmsSignOnMessages.tradesOnly);
  const siteId = decode(Uuid, rawSiteId);
  const site = siteId.ok ? await findSubmissionSite(app.db, siteId.value.toLowerCase()) : undefined;
  if (!site || !(await checkedInToday(app, user.sub, site, now))) throw forbidden(swmsSignOnMessages.notCheckedIn);
  return site;
}

const drawnPrefix = 'data:image/png;base64,';
/** The longest base64 text a PNG of `maxDrawnSignatureBytes` takes, with its padding. */
const maxDrawnBase64 = Math.ceil(maxDrawnSignatureBytes / 3) * 4;

/**
 * A drawn signature's PNG, re-encoded as the data URL stored, when it is one: base64 after the PNG data URL's prefix,
 * at most `maxDrawnSignatureBytes`, beginning with the PNG signature bytes. Anything else answers 400.
 */
function drawnImage(image: string): string {
  const data = image.startsWith(drawnPrefix) ? image.slice(drawnPrefix.length) : '';
  const wellFormed = data.length > 0 && data.length <= maxDrawnBase64 && data.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(data);
  const bytes = wellFormed ? Buffer.from(data, 'base64') : Buffer.alloc(0);
  if (bytes.length === 0 || bytes.length > maxDrawnSignatureBytes || !isWhatItClaims('signature.png', bytes)) throw badRequest(swmsSignOnMessages.drawnSignature);
  return `${drawnPrefix}${bytes.toString('base64')}`;
}

/**
 * The sign-on body, or 400 naming its first bad field. A signature's own fields are named as the signature (its typed
 * `name` and drawn `image` would read as a company's Name and Logo), in the contract's words.
 */
function signOnRequest(body: unknown): SwmsSignOnRequest {
  const decoded = decode(SwmsSignOnRequest, body, requestWording);
  if (decoded.ok) return decoded.value;
  const [issue] = decoded.issues;
  if (issue.path.startsWith('signature.')) {
    const message = issue.path === 'signature.image' ? swmsSignOnMessages.drawnSignature : swmsSignOnMessages.signature;
    throw badRequest(requestMessage({ path: 'signature', message }));
  }
  throw badRequest(requestMessage(issue));
}

const stored = (signature: SignOnSignature): { kind: Exclude<SignOnKind, 'authored'>; signature: string } =>
  signature.kind === 'drawn' ? { kind: 'drawn', signature: drawnImage(signature.image) } : { kind: 'typed', signature: signature.name };

export interface SignOnOutcome {
  /** False when the worker had signed this revision already: the answer is that sign-on. */
  readonly created: boolean;
  readonly result: SwmsSignOnResult;
}

/**
 * POST site/{siteId}/swms/{swmsId}/signon (issue 57 §3, WHS Regulation 300): a tradesperson checked in at the site today
 * signs on to the latest revision of one of its SWMS. The SWMS row is held FOR SHARE while the sign-on is stored, so a
 * revision being written waits for it (and then finds it stale) rather than slipping in between. Signing a revision
 * already signed answers that sign-on again (the route says 200); each new sign-on is an audit event.
 */
export async function signOn(app: App, request: FastifyRequest, rawSiteId: unknown, rawSwmsId: unknown, body: unknown, now = new Date()): Promise<SignOnOutcome> {
  const user = request.user;
  const site = await checkedInSite(app, user, rawSiteId, now);
  const swmsId = decode(Uuid, rawSwmsId);
  const swms = swmsId.ok ? await findSiteSwms(app.db, site.id, swmsId.value.toLowerCase()) : undefined;
  if (!swms) throw notFound(swmsSignOnMessages.notFound);
  const signing = signOnRequest(body);
  const signature = stored(signing.signature);

  const outcome = await inTransaction(app.db, async (trx): Promise<SignOnOutcome> => {
    const locked = await findSiteSwms(trx, site.id, swms.id, true);
    if (!locked) throw notFound(swmsSignOnMessages.notFound);
    if (signing.revision !== locked.revision) throw conflict(swmsSignOnMessages.notLatest);
    const inserted = await insertSignOn(trx, {
      swmsId: locked.id,
      revision: locked.revision,
      siteId: site.id,
      companyId: locked.company_id,
      userId: user.sub,
      at: now,
      kind: signature.kind,
      signature: signature.signature,
    });
    if (!inserted) {
      const before = await findSignOn(trx, locked.id, user.sub, locked.revision);
      if (!before) throw conflict(swmsSignOnMessages.notLatest);
      return { created: false, result: { swmsId: locked.id, revision: locked.revision, signedAt: iso(before.signed_at) } };
    }
    await recordSignOn(trx, { userId: user.sub, requestId: request.id }, { id: inserted.id, companyId: locked.company_id, swmsId: locked.id }, {
      siteId: site.id,
      revision: locked.revision,
      signature: signature.kind,
    });
    return { created: true, result: { swmsId: locked.id, revision: locked.revision, signedAt: iso(inserted.signed_at) } };
  });
  if (outcome.created) await app.live.publish({ companyId: swms.company_id, topic: 'signons' });
  return outcome;
}

const stateOf = (signedRevision: number | null, latest: number): SignOnState =>
  signedRevision === null ? 'missing' : signedRevision >= latest ? 'current' : 'stale';

/** GET site/{siteId}/signons: the phone's 'SWMS on this site', for a tradesperson checked in there today. */
export async function siteSwmsToSign(app: App, request: FastifyRequest, rawSiteId: unknown, now = new Date()): Promise<SiteSwmsToSign> {
  const site = await checkedInSite(app, request.user, rawSiteId, now);
  const rows = await listSiteSwmsForWorker(app.db, site.id, request.user.sub);
  return {
    site: { _id: site.id, siteNumber: site.site_number, address: fullAddress(site), timeZone: site.time_zone },
    items: rows.map((row) => ({
      swmsId: row.id,
      revision: row.revision,
      taskDescription: row.task_description,
      highRiskWork: row.high_risk_work,
      createdAt: iso(row.created_at),
      author: person(row.created_by, row),
      state: stateOf(row.signed_revision, row.revision),
      signedRevision: row.signed_revision,
      signedAt: row.signed_at === null ? null : iso(row.signed_at),
    })),
  };
}

/**
 * Issue 57 §3: who reads a site's sign-ons (their names and signatures): the company's admins and auditors, and the
 * supervisor the site names. Another supervisor of the company reads the site's SWMS, not who signed them.
 */
async function readsSiteSignOns(db: Db, user: AccessTokenPayload, siteId: string): Promise<boolean> {
  if (user.roles.includes('CompanyAdmin') || user.roles.includes('CompanyAuditor')) return true;
  return user.roles.includes('CompanySupervisor') && supervisesSite(db, siteId, user.sub);
}

const signatureView = (kind: SignOnKind, signature: string | null): SwmsSignOns['items'][number]['signature'] =>
  kind === 'drawn' ? { kind, image: signature ?? '' } : kind === 'typed' ? { kind, name: signature ?? '' } : { kind: 'authored' };

/** One SWMS of the reader's company that they may read the sign-ons of; the same 403 as any SWMS they may not read. */
async function signOnSwms(app: App, request: FastifyRequest, reader: Reviewer, swmsId: string) {
  const [row] = await findCompanySwms(app.db, reader.companyId, [swmsId]);
  if (!row || !(await readsSiteSignOns(app.db, request.user, row.site_id))) throw forbidden(swmsMessages.notAuthorised);
  return row;
}

/** GET company/{id}/swms/{swmsId}/signons: each worker's latest sign-on, current first then stale, newest first within each. */
export async function swmsSignOns(app: App, request: FastifyRequest, reader: Reviewer, swmsId: string): Promise<SwmsSignOns> {
  const swms = await signOnSwms(app, request, reader, swmsId);
  const items = (await listLatestSignOns(app.db, swms.id)).map((row) => ({
    worker: person(row.user_id, row),
    revision: row.revision,
    signedAt: iso(row.signed_at),
    state: row.revision >= swms.revision ? ('current' as const) : ('stale' as const),
    signature: signatureView(row.signature_kind, row.signature),
  }));
  items.sort((a, b) => (a.state === b.state ? b.signedAt.localeCompare(a.signedAt) : a.state === 'current' ? -1 : 1));
  return { revision: swms.revision, items };
}

/** GET company/{id}/projectSites/{siteId}/signon-gaps: workers on site now with no current sign-on to any SWMS of the site. */
export async function signOnGaps(app: App, request: FastifyRequest, companyId: string, siteId: string, now = new Date()): Promise<SignOnGaps> {
  const site = await companySite(app, companyId, siteId);
  if (!(await readsSiteSignOns(app.db, request.user, site.id))) throw forbidden();
  const rows = await findSignOnGaps(app.db, site.id, startOfSiteDay(site.time_zone, now));
  return {
    items: rows.map((row) => ({ worker: person(row.user_id, row), checkedInAt: iso(row.created_at), reason: row.signed_before ? 'stale' : 'missing' })),
  };
}

/**
 * The SWMS PDF's sign-on sheet: every sign-on, oldest first, for a reader who may read the site's sign-ons; null for
 * another supervisor, whose PDF says who may see them instead.
 */
export async function signOnSheet(app: Pick<App, 'db'>, user: AccessTokenPayload, swms: { readonly id: string; readonly siteId: string }): Promise<SignOnSheetLine[] | null> {
  if (!(await readsSiteSignOns(app.db, user, swms.siteId))) return null;
  return (await listAllSignOns(app.db, swms.id)).map((row) => ({
    name: `${row.first_name} ${row.surname}`.trim() || row.email,
    revision: row.revision,
    signedAt: iso(row.signed_at),
    signature: signatureView(row.signature_kind, row.signature),
  }));
}
