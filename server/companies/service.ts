import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  companyMessages,
  defaultCompanySort,
  defaultPageSize,
  normaliseAbn,
  type Company,
  type CompanyImageReference,
  type CompanyInput,
  type CompanyList,
  type CompanyListQuery,
} from '../../src/domain/company';
import type { Db } from '../db/database';
import { pageStart, queryFingerprint } from '../db/keyset';
import { badRequest, conflict, notFound } from '../http/errors';
import type { ListOfJsonText } from '../http/json-text';
import { checkUploads } from '../storage/file-check';
import type { Actor } from '../audit/request-context';
import { recordAudit } from './audit';
import {
  deleteFileRow,
  fileInUseByCompany,
  findFileByKey,
  findLiveCompany,
  insertCompany,
  companyKeyset,
  listCompanies,
  liveCompanyWithAbn,
  lockLiveCompany,
  softDeleteCompany,
  updateCompany,
  companyColumns,
  type CompanyFields,
} from './repository';
import { companyListItem, companyView } from './view';
import { inTransaction } from '../db/transaction';

type App = Pick<FastifyInstance, 'db' | 'storage'>;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** A second request racing past the ABN check meets the unique index instead. */
function duplicateAbnOnRace(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(companyMessages.duplicateAbn);
  throw error;
}

function fieldsOf(input: CompanyInput): CompanyFields {
  return {
    name: input.name,
    abn: normaliseAbn(input.abn),
    buildersRegNumber: input.buildersRegNumber,
    phone: input.phone,
    email: input.email,
    address: input.address,
    postalAddress: input.postalAddress,
  };
}

/** The logo must be a companyProfile file the caller uploaded through POST file and no company uses yet. */
async function claimLogo(db: Db, image: CompanyImageReference, actorUserId: string): Promise<string> {
  const file = await findFileByKey(db, image.fileKey);
  const usable =
    file !== undefined &&
    file.type === 'companyProfile' &&
    (file.created_by === null || file.created_by === actorUserId) &&
    !(await fileInUseByCompany(db, file.id));
  if (!usable) throw badRequest(companyMessages.logoUploadAgain);
  return file.id;
}

export async function readCompany(app: App, id: string): Promise<Company> {
  const row = await findLiveCompany(app.db, id);
  if (!row) throw notFound(companyMessages.notFound);
  return companyView(app, row);
}

/** Spec §2 client list: each row as PostgreSQL wrote it with the logo added (`companyListItem`), sent unparsed (`listJson`). */
export async function searchCompanies(app: App, query: CompanyListQuery): Promise<ListOfJsonText<CompanyList>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultPageSize;
  const search = query.search?.trim() ?? '';
  const sort = query.sort ?? defaultCompanySort;
  const fingerprint = queryFingerprint(['clients', search, sort, pageSize]);
  const start = pageStart(fingerprint, companyKeyset(sort), { page, after: query.after, before: query.before });
  const { rows, total, cursors } = await listCompanies(app.db, { search, sort, start, pageSize }, fingerprint);
  return { items: rows.map((row) => companyListItem(app, row)), total, page, pageSize, ...cursors };
}

const auditedFields = {
  name: 'name',
  abn: 'abn',
  builders_reg_number: 'buildersRegNumber',
  phone: 'phone',
  email: 'email',
  address: 'address',
  postal_address: 'postalAddress',
} as const;

type StoredCompany = ReturnType<typeof companyColumns>;

function auditView(stored: StoredCompany): Record<string, string> {
  return Object.fromEntries(Object.entries(auditedFields).map(([column, field]) => [field, stored[column as keyof StoredCompany]]));
}

/** The audit detail of an update: each changed field with its old and new value. */
function fieldChanges(before: StoredCompany, after: StoredCompany): Record<string, { from: string; to: string }> {
  const changes: Record<string, { from: string; to: string }> = {};
  for (const [column, field] of Object.entries(auditedFields) as [keyof StoredCompany, string][]) {
    if (before[column] !== after[column]) changes[field] = { from: before[column], to: after[column] };
  }
  return changes;
}

export async function createCompany(app: App, input: CompanyInput, actor: Actor): Promise<Company> {
  const fields = fieldsOf(input);
  await checkUploads(app, [{ field: 'companyLogo', fileKey: input.image?.fileKey }]);
  const id = await inTransaction(app.db, async (trx) => {
      if (await liveCompanyWithAbn(trx, fields.abn)) throw conflict(companyMessages.duplicateAbn);
      const imageFileId = input.image ? await claimLogo(trx, input.image, actor.userId) : null;
      const id = await insertCompany(trx, fields, imageFileId);
      await recordAudit(trx, {
        actor,
        action: 'company.create',
        entity: 'company',
        entityId: id,
        detail: { ...auditView(companyColumns(fields)), image: input.image?.fileKey ?? null },
      });
      return id;
    })
    .catch(duplicateAbnOnRace);
  return readCompany(app, id);
}

/**
 * Updates a company. DESIGN.md: the server deletes a replaced logo, so the blob and its files row go
 * once the new logo is committed. An absent image keeps the logo; null removes it.
 */
export async function changeCompany(
  app: App,
  id: string,
  input: CompanyInput,
  actor: Actor,
  log: FastifyBaseLogger,
): Promise<Company> {
  const fields = fieldsOf(input);
  await checkUploads(app, [{ field: 'companyLogo', fileKey: input.image?.fileKey }]);
  const replacedFileKey = await inTransaction(app.db, async (trx) => {
      const current = await lockLiveCompany(trx, id);
      if (!current) throw notFound(companyMessages.notFound);
      if (await liveCompanyWithAbn(trx, fields.abn, id)) throw conflict(companyMessages.duplicateAbn);

      const currentFile = current.image_file_id
        ? await trx.selectFrom('files').selectAll().where('id', '=', current.image_file_id).executeTakeFirst()
        : undefined;
      let imageFileId = current.image_file_id;
      if (input.image === null) imageFileId = null;
      else if (input.image && input.image.fileKey !== currentFile?.file_key) {
        imageFileId = await claimLogo(trx, input.image, actor.userId);
      }

      await updateCompany(trx, id, fields, imageFileId);
      const replaced = currentFile && currentFile.id !== imageFileId ? currentFile : undefined;
      if (replaced) await deleteFileRow(trx, replaced.id);

      const changes = fieldChanges(current, companyColumns(fields));
      const logoChange =
        imageFileId !== current.image_file_id ? { image: { from: currentFile?.file_key ?? null, to: input.image?.fileKey ?? null } } : {};
      await recordAudit(trx, {
        actor,
        action: 'company.update',
        entity: 'company',
        entityId: id,
        detail: { changes: { ...changes, ...logoChange } },
      });
      if (replaced && input.image) {
        await recordAudit(trx, {
          actor,
          action: 'file.replaced',
          entity: 'company',
          entityId: id,
          detail: { file: 'logo', from: replaced.file_key, to: input.image.fileKey },
        });
      }
      return replaced?.file_key;
    })
    .catch(duplicateAbnOnRace);

  if (replacedFileKey) {
    await app.storage.deleteFile(replacedFileKey).catch((error: unknown) => {
      log.warn({ err: error, fileKey: replacedFileKey }, 'the replaced logo could not be deleted from blob storage');
    });
  }
  return readCompany(app, id);
}

/** DESIGN.md delete client: a soft delete; its users lose access at once and its records are kept. */
export async function removeCompany(app: App, id: string, actor: Actor): Promise<void> {
  await inTransaction(app.db, async (trx) => {
    const current = await lockLiveCompany(trx, id);
    if (!current) throw notFound(companyMessages.notFound);
    const outcome = await softDeleteCompany(trx, id);
    await recordAudit(trx, {
      actor,
      action: 'company.delete',
      entity: 'company',
      entityId: id,
      detail: { name: current.name, abn: current.abn, ...outcome },
    });
  });
}
