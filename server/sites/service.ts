import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  defaultSitePageSize,
  defaultSiteSort,
  filteredStatus,
  foreignSitesMessage,
  maxSitesPerMatchingChange,
  projectSiteMessages,
  type BulkStatusInput,
  type BulkStatusMatchingInput,
  type ProjectSite,
  type ProjectSiteInput,
  type ProjectSiteList,
  type ProjectSiteUpdate,
  type SiteListQuery,
  type SiteSafetyPlanReference,
  type SiteStatusInput,
} from '../../src/domain/project-site';
import { siteTimeZone } from '../../src/domain/site-time-zone';
import type { CheckedAnswer } from '../auth/company-check';
import type { ListOfJsonText } from '../http/json-text';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { pageStart, queryFingerprint } from '../db/keyset';
import { badRequest, conflict, notFound } from '../http/errors';
import { checkUploads } from '../storage/file-check';
import type { FileRow } from '../storage/file-view';
import type { Actor } from '../audit/request-context';
import { recordSiteEvents } from './audit';
import {
  deleteFileRow,
  findClaimableSafetyPlan,
  findFileById,
  findSite,
  findSites,
  insertSite,
  isActiveSupervisor,
  listSites,
  siteKeyset,
  lockMatchingSites,
  lockSite,
  lockSitesById,
  setSitesStatus,
  updateSite,
  type LockedSite,
  type SiteColumns,
} from './repository';
import { siteListItem, siteView } from './view';

type App = Pick<FastifyInstance, 'db' | 'storage'>;

const maxSearchWords = 8;

/** Two saves racing for one uploaded plan meet the unique index on the plan column instead. */
function planTakenOnRace(error: unknown): never {
  if ((error as { code?: unknown } | null)?.code === '23505') throw badRequest(projectSiteMessages.safetyPlanUploadAgain);
  throw error;
}

async function checkedSupervisor(db: Db, companyId: string, userRoleId: string): Promise<string> {
  if (!(await isActiveSupervisor(db, companyId, userRoleId))) throw badRequest(projectSiteMessages.supervisor);
  return userRoleId.toLowerCase();
}

async function claimPlan(db: Db, companyId: string, actorUserId: string, plan: SiteSafetyPlanReference): Promise<FileRow> {
  const file = await findClaimableSafetyPlan(db, companyId, actorUserId, plan.fileKey);
  if (!file) throw badRequest(projectSiteMessages.safetyPlanUploadAgain);
  return file;
}

const distinctPpe = (ppe: readonly string[]) => [...new Set(ppe)];

function textColumns(input: ProjectSiteInput) {
  return {
    address: input.address.trim(),
    suburb: input.suburb.trim(),
    postcode: input.postcode.trim(),
    site_number: input.siteNumber.trim(),
    client_name: input.clientName.trim(),
  };
}

function auditView(columns: SiteColumns, planFileKey: string | null) {
  return {
    address: columns.address,
    suburb: columns.suburb,
    postcode: columns.postcode,
    siteNumber: columns.site_number,
    clientName: columns.client_name,
    timeZone: columns.time_zone,
    supervisor: columns.supervisor_role_id,
    ppe: columns.ppe,
    otherPpe: columns.other_ppe,
    siteSafetyPlan: planFileKey,
  };
}

type AuditView = ReturnType<typeof auditView>;

/** The audit detail of an update: each changed field with its old and new value. */
function fieldChanges(before: AuditView, after: AuditView): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(after) as (keyof AuditView)[]) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

const searchWords = (search: string | undefined) =>
  [...new Set((search ?? '').trim().split(/\s+/).filter(Boolean))].slice(0, maxSearchWords);

export async function readSite(app: App, companyId: string, siteId: string): Promise<ProjectSite> {
  const row = await findSite(app.db, companyId, siteId);
  if (!row) throw notFound(projectSiteMessages.notFound);
  return siteView(app, row);
}

/** Spec §2 project site list: each row as PostgreSQL wrote it with the supervisor and plan added (`siteListItem`), sent unparsed (`listJson`). */
export async function searchSites(app: App, companyId: string, query: SiteListQuery): Promise<CheckedAnswer<ListOfJsonText<ProjectSiteList>>> {
  if (query.filter && query.status && filteredStatus({ filter: query.filter }) !== query.status) {
    throw badRequest(projectSiteMessages.filter);
  }
  const words = searchWords(query.search);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultSitePageSize;
  const status = filteredStatus(query);
  const sort = query.sort ?? defaultSiteSort;
  const fingerprint = queryFingerprint(['sites', companyId, words, status ?? null, sort, pageSize]);
  const start = pageStart(fingerprint, siteKeyset(sort), { page, after: query.after, before: query.before });
  const { rows, total, cursors, companyLive } = await listSites(app.db, companyId, { words, status, sort, start, pageSize }, fingerprint);
  return { answer: { items: rows.map((row) => siteListItem(app, row)), total, page, pageSize, ...cursors }, companyLive };
}

export async function createSite(app: App, companyId: string, input: ProjectSiteInput, actor: Actor): Promise<ProjectSite> {
  await checkUploads(app, [{ field: 'siteSafetyPlan', fileKey: input.siteSafetyPlan?.fileKey }]);
  const id = await inTransaction(app.db, async (trx) => {
      const supervisor = input.supervisor ? await checkedSupervisor(trx, companyId, input.supervisor) : null;
      const plan = input.siteSafetyPlan ? await claimPlan(trx, companyId, actor.userId, input.siteSafetyPlan) : null;
      const columns: SiteColumns = {
        ...textColumns(input),
        time_zone: input.timeZone ?? siteTimeZone(input.postcode),
        supervisor_role_id: supervisor,
        site_safety_plan_file_id: plan?.id ?? null,
        ppe: distinctPpe(input.ppe ?? []),
        other_ppe: (input.otherPpe ?? '').trim(),
      };
      const id = await insertSite(trx, companyId, columns);
      await recordSiteEvents(trx, actor, [
        { action: 'site.create', siteId: id, detail: { ...auditView(columns, plan?.file_key ?? null), status: 'ongoing' } },
      ]);
      return id;
    })
    .catch(planTakenOnRace);
  return readSite(app, companyId, id);
}

async function nextSupervisor(db: Db, companyId: string, current: LockedSite, wanted: string | null | undefined): Promise<string | null> {
  if (wanted === undefined) return current.supervisor_role_id;
  if (wanted === null) return null;
  if (wanted.toLowerCase() === current.supervisor_role_id) return current.supervisor_role_id;
  return checkedSupervisor(db, companyId, wanted);
}

async function nextPlan(
  db: Db,
  companyId: string,
  actorUserId: string,
  currentFile: FileRow | undefined,
  wanted: SiteSafetyPlanReference | null | undefined,
): Promise<FileRow | undefined> {
  if (wanted === undefined) return currentFile;
  if (wanted === null) return undefined;
  if (wanted.fileKey === currentFile?.file_key) return currentFile;
  return claimPlan(db, companyId, actorUserId, wanted);
}

/**
 * Saves the edit form. The body carries the version the site was read at, and a save over a newer
 * version is refused (issue 4: two admins editing one site). DESIGN.md: the server deletes a replaced
 * or removed safety plan, its files row in the transaction and its blob once committed.
 */
export async function changeSite(
  app: App,
  companyId: string,
  siteId: string,
  input: ProjectSiteUpdate,
  actor: Actor,
  log: FastifyBaseLogger,
): Promise<ProjectSite> {
  await checkUploads(app, [{ field: 'siteSafetyPlan', fileKey: input.siteSafetyPlan?.fileKey }]);
  const replacedFileKey = await inTransaction(app.db, async (trx) => {
      const current = await lockSite(trx, companyId, siteId);
      if (!current) throw notFound(projectSiteMessages.notFound);
      if (current.version !== input.version) throw conflict(projectSiteMessages.staleVersion);

      const currentFile = current.site_safety_plan_file_id ? await findFileById(trx, current.site_safety_plan_file_id) : undefined;
      const supervisor = await nextSupervisor(trx, companyId, current, input.supervisor);
      const plan = await nextPlan(trx, companyId, actor.userId, currentFile, input.siteSafetyPlan);
      const columns: SiteColumns = {
        ...textColumns(input),
        time_zone: input.timeZone ?? current.time_zone,
        supervisor_role_id: supervisor,
        site_safety_plan_file_id: plan?.id ?? null,
        ppe: input.ppe === undefined ? current.ppe : distinctPpe(input.ppe),
        other_ppe: input.otherPpe === undefined ? current.other_ppe : input.otherPpe.trim(),
      };
      await updateSite(trx, siteId, columns);

      const replaced = currentFile && currentFile.id !== plan?.id ? currentFile : undefined;
      if (replaced) await deleteFileRow(trx, replaced.id);

      const before = auditView(current, currentFile?.file_key ?? null);
      const after = auditView(columns, plan?.file_key ?? null);
      await recordSiteEvents(trx, actor, [
        {
          action: 'site.update',
          siteId,
          detail: { changes: fieldChanges(before, after), version: { from: current.version, to: current.version + 1 } },
        },
        ...(replaced && plan ? [{ action: 'file.replaced' as const, siteId, detail: { file: 'siteSafetyPlan', from: replaced.file_key, to: plan.file_key } }] : []),
      ]);
      return replaced?.file_key;
    })
    .catch(planTakenOnRace);

  if (replacedFileKey) {
    await app.storage.deleteFile(replacedFileKey).catch((error: unknown) => {
      log.warn({ err: error, fileKey: replacedFileKey }, 'the replaced site safety plan could not be deleted from blob storage');
    });
  }
  return readSite(app, companyId, siteId);
}

/** The single-site status menu (spec §4). A version, when sent, must still be current. */
export async function changeSiteStatus(
  app: App,
  companyId: string,
  siteId: string,
  input: SiteStatusInput,
  actor: Actor,
): Promise<ProjectSite> {
  await inTransaction(app.db, async (trx) => {
    const current = await lockSite(trx, companyId, siteId);
    if (!current) throw notFound(projectSiteMessages.notFound);
    if (input.version !== undefined && input.version !== current.version) throw conflict(projectSiteMessages.staleVersion);
    if (current.status === input.status) return;
    await setSitesStatus(trx, [current.id], input.status);
    await recordSiteEvents(trx, actor, [
      { action: 'site.status', siteId: current.id, detail: { from: current.status, to: input.status, version: current.version + 1 } },
    ]);
  });
  return readSite(app, companyId, siteId);
}

/**
 * Spec §4 bulk Change Status, all or nothing: when any id is not one of the company's sites (another
 * company's or unknown, answered alike with 404) nothing changes. Sites already at the status are left as they are; the answer lists every named
 * site in the order sent.
 */
export async function changeSitesStatus(app: App, companyId: string, input: BulkStatusInput, actor: Actor): Promise<ProjectSite[]> {
  const ids = [...new Set(input.projectSiteIds.map((id) => id.toLowerCase()))];
  const status = input.selectedStatus;
  const written = await inTransaction(app.db, async (trx) => {
    // Another company's id and an unknown one answer alike (issue 12: no existence oracle).
    const rows = await lockSitesById(trx, companyId, ids);
    const missing = ids.length - rows.length;
    if (missing > 0) throw notFound(foreignSitesMessage(missing, ids.length));

    const changing = rows.filter((row) => row.status !== status);
    await setSitesStatus(trx, changing.map((row) => row.id), status);
    await recordSiteEvents(
      trx,
      actor,
      changing.map((row) => ({
        action: 'site.status',
        siteId: row.id,
        detail: { from: row.status, to: status, version: row.version + 1, bulk: true },
      })),
    );
    // Read while the locks are held: after the commit, a call that followed may have changed them again.
    return findSites(trx, companyId, ids);
  });
  const sites = new Map(written.map((row) => [row.id, siteView(app, row)]));
  return ids.flatMap((id) => sites.get(id) ?? []);
}

/**
 * Spec §4 bulk Change Status over a select-all (every site matching the list's search and status
 * filter, less the excluded ids), all or nothing. The set is the company's own sites only, so an
 * excluded id of another company, or an unknown one, leaves nothing out and reveals nothing.
 */
export async function changeMatchingSitesStatus(
  app: App,
  companyId: string,
  input: BulkStatusMatchingInput,
  actor: Actor,
): Promise<ProjectSite[]> {
  const status = input.selectedStatus;
  const excludedIds = [...new Set(input.excludedIds.map((id) => id.toLowerCase()))];
  const { ids, written } = await inTransaction(app.db, async (trx) => {
    const rows = await lockMatchingSites(trx, companyId, { words: searchWords(input.matching.search), status: input.matching.status }, excludedIds);
    if (rows.length > maxSitesPerMatchingChange) throw badRequest(projectSiteMessages.tooManyMatching);
    const changing = rows.filter((row) => row.status !== status);
    await setSitesStatus(trx, changing.map((row) => row.id), status);
    await recordSiteEvents(
      trx,
      actor,
      changing.map((row) => ({
        action: 'site.status',
        siteId: row.id,
        detail: { from: row.status, to: status, version: row.version + 1, bulk: true, matching: true },
      })),
    );
    const ids = rows.map((row) => row.id);
    // Read while the locks are held, as changeSitesStatus does.
    return { ids, written: await findSites(trx, companyId, ids) };
  });
  const sites = new Map(written.map((row) => [row.id, siteView(app, row)]));
  return ids.flatMap((id) => sites.get(id) ?? []);
}
