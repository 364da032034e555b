import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { decode } from '../../src/domain/decode';
import { Uuid } from '../../src/domain/fields';
import { isCompanyRole } from '../../src/domain/roles';
import type { SiteTimeZone } from '../../src/domain/site-time-zone';
import { reviewStatusOf, swmsMessages, type Swms, type SwmsCommentPart } from '../../src/domain/swms';
import {
  TradesProfileUpdate,
  tradesMessages,
  type PhotoReference,
  type TradesActivity,
  type TradesPerson,
} from '../../src/domain/trades';
import { recordAudit } from '../companies/audit';
import { badRequest, decodeOr400, forbidden } from '../http/errors';
import { checkUploads } from '../storage/file-check';
import { fileViews } from '../storage/file-view';
import { findCompanySwms } from '../swms/repository';
import { swmsView } from '../swms/view';
import {
  deleteFileRows,
  findOwnPhotos,
  findVisibleTradesPerson,
  listLicences,
  listOwnSwms,
  listRecentCheckIns,
  lockTradesUser,
  ownSwmsCompany,
  replaceLicences,
  unreferencedFiles,
  updateTradesUser,
  type TradesUserColumns,
} from './repository';
import { inTransaction } from '../db/transaction';

type App = Pick<FastifyInstance, 'db' | 'storage'>;

const photoView = (file: { url: string; fileKey: string; friendlyName: string } | undefined) =>
  file ? { url: file.url, fileKey: file.fileKey, friendlyName: file.friendlyName } : null;

/** GET profile/trades/{id}: a malformed, unknown or hidden id all answer the same 403. */
export async function readTradesPerson(app: App, request: FastifyRequest, rawId: unknown): Promise<TradesPerson> {
  const id = decode(Uuid, rawId);
  if (!id.ok) throw forbidden(tradesMessages.notAuthorised);
  const user = request.user;
  const companyId = user.company !== null && user.roles.some(isCompanyRole) ? user.company : null;
  const row = await findVisibleTradesPerson(app.db, { userId: user.sub, companyId }, id.value);
  if (!row) throw forbidden(tradesMessages.notAuthorised);
  const licences = await listLicences(app.db, row.id);
  const files = await fileViews(app, [row.whitecard_photo_file_id, ...licences.map((licence) => licence.photo_file_id)]);
  const fileOf = (fileId: string | null) => photoView(fileId === null ? undefined : files.get(fileId));
  return {
    _id: row.id,
    firstName: row.first_name,
    surname: row.surname,
    phone: row.phone,
    email: row.contact_email || row.email,
    emergencyContactName: row.emergency_contact_name,
    emergencyContactPhone: row.emergency_contact_phone,
    tradeQualifications: row.trade_qualifications,
    whitecardNumber: row.whitecard_number,
    whitecardPhoto: fileOf(row.whitecard_photo_file_id),
    licences: licences.map((licence) => ({
      _id: licence.id,
      licenceClass: licence.licence_class,
      number: licence.number,
      expiresOn: licence.expires_on,
      photo: fileOf(licence.photo_file_id),
    })),
  };
}

/** The tradesperson themself, by the path id; anyone else, and any unknown id, answers `message`. */
function requireSelf(request: FastifyRequest, rawId: unknown, message: string): string {
  const user = request.user;
  const id = typeof rawId === 'string' ? rawId.toLowerCase() : '';
  if (!user.roles.includes('TradesPerson') || id !== user.sub.toLowerCase()) throw forbidden(message);
  return user.sub;
}

const digitsOnly = (phone: string) => phone.replace(/\s+/g, '');

function userColumns(update: TradesProfileUpdate, whitecardPhotoFileId: string | null): TradesUserColumns {
  return {
    first_name: update.firstName.trim(),
    surname: update.surname.trim(),
    phone: digitsOnly(update.phone),
    contact_email: update.email.trim(),
    emergency_contact_name: update.emergencyContactName.trim(),
    emergency_contact_phone: digitsOnly(update.emergencyContactPhone),
    trade_qualifications: update.tradeQualifications.trim(),
    whitecard_number: update.whitecardNumber.trim(),
    whitecard_photo_file_id: whitecardPhotoFileId,
  };
}

/**
 * PUT profile/trades/{id} (issue 10): the tradesperson's own details, white card photo and licences,
 * saved in one transaction. Photos must be their own uploads; DESIGN.md: files the profile no longer
 * uses are deleted by the server, the rows with the save and the blobs once it is committed.
 */
export async function changeTradesProfile(
  app: App,
  request: FastifyRequest,
  rawId: unknown,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<TradesPerson> {
  const userId = requireSelf(request, rawId, tradesMessages.ownProfileOnly);
  const update = decodeOr400(TradesProfileUpdate, body);
  await checkUploads(app, [
    { field: 'whitecardPhoto', fileKey: update.whitecardPhoto?.fileKey },
    ...update.licences.map((licence) => ({ field: 'licencePhoto' as const, fileKey: licence.photo?.fileKey })),
  ]);
  const removedKeys = await inTransaction(app.db, async (trx) => {
    const before = await lockTradesUser(trx, userId);
    if (!before) throw forbidden(tradesMessages.ownProfileOnly);
    const previousLicences = await listLicences(trx, userId);
    const references = [update.whitecardPhoto, ...update.licences.map((licence) => licence.photo)].filter(
      (photo): photo is PhotoReference => photo !== null,
    );
    const photos = await findOwnPhotos(trx, userId, references.map((photo) => photo.fileKey));
    const photoId = (photo: PhotoReference | null) => {
      if (photo === null) return null;
      const file = photos.get(photo.fileKey);
      if (!file) throw badRequest(tradesMessages.photoUploadAgain);
      return file.id;
    };

    const columns = userColumns(update, photoId(update.whitecardPhoto));
    const licences = update.licences.map((licence) => ({
      id: crypto.randomUUID(),
      licence_class: licence.licenceClass.trim(),
      number: licence.number.trim(),
      expires_on: licence.expiresOn,
      photo_file_id: photoId(licence.photo),
    }));
    await updateTradesUser(trx, userId, columns);
    await replaceLicences(trx, userId, licences);

    const kept = new Set([columns.whitecard_photo_file_id, ...licences.map((licence) => licence.photo_file_id)]);
    const previousFiles = [before.whitecard_photo_file_id, ...previousLicences.map((licence) => licence.photo_file_id)];
    const removed = await unreferencedFiles(trx, previousFiles.filter((id): id is string => id !== null && !kept.has(id)));
    await deleteFileRows(trx, removed.map((file) => file.id));

    const changes = Object.fromEntries(
      (Object.keys(columns) as (keyof TradesUserColumns)[])
        .filter((key) => key !== 'whitecard_photo_file_id' && before[key] !== columns[key])
        .map((key) => [key, { from: before[key], to: columns[key] }]),
    );
    await recordAudit(trx, {
      actor: { userId, requestId: request.id },
      action: 'trades.profileUpdated',
      entity: 'user',
      entityId: userId,
      detail: {
        changes,
        whitecardPhoto: update.whitecardPhoto?.fileKey ?? null,
        licences: update.licences.map((licence) => ({
          licenceClass: licence.licenceClass.trim(),
          number: licence.number.trim(),
          expiresOn: licence.expiresOn,
          photo: licence.photo?.fileKey ?? null,
        })),
        previousLicences: previousLicences.map((licence) => ({
          licenceClass: licence.licence_class,
          number: licence.number,
          expiresOn: licence.expires_on,
        })),
        deletedFiles: removed.map((file) => file.file_key),
      },
    });
    return removed.map((file) => file.file_key);
  });

  for (const fileKey of removedKeys) {
    await app.storage.deleteFile(fileKey).catch((error: unknown) => {
      log.warn({ err: error, fileKey }, 'a photo the tradesperson profile no longer uses could not be deleted from blob storage');
    });
  }
  return readTradesPerson(app, request, userId);
}

const siteOf = (row: {
  site_id: string;
  address: string;
  suburb: string;
  site_number: string;
  time_zone: SiteTimeZone;
  company_name: string;
  supervisor_role_id: string | null;
}) => ({
  _id: row.site_id,
  address: row.address,
  suburb: row.suburb,
  siteNumber: row.site_number,
  timeZone: row.time_zone,
  companyName: row.company_name,
  hasSupervisor: row.supervisor_role_id !== null,
});

const iso = (value: Date | string) => new Date(value).toISOString();

/** GET profile/trades/{id}/activity (issue 10 home): recent check-ins and own SWMS with both review states. */
export async function readTradesActivity(app: App, request: FastifyRequest, rawId: unknown): Promise<TradesActivity> {
  const userId = requireSelf(request, rawId, tradesMessages.notAuthorised);
  const [checkIns, swms] = await Promise.all([listRecentCheckIns(app.db, userId), listOwnSwms(app.db, userId)]);
  return {
    checkIns: checkIns.map((row) => ({
      _id: row.id,
      site: siteOf(row),
      checkedInAt: iso(row.created_at),
      checkedOutAt: row.checked_out_at === null ? null : iso(row.checked_out_at),
      checkoutKind: row.checkout_kind,
    })),
    swms: swms.map((row) => {
      const companyAdminStatus = reviewStatusOf(row.company_admin_reviewed_at, row.company_admin_changes_requested_at);
      const supervisorStatus = reviewStatusOf(row.supervisor_reviewed_at, row.supervisor_changes_requested_at);
      const changesRequested = companyAdminStatus === 'changesRequested' || supervisorStatus === 'changesRequested';
      return {
        _id: row.id,
        createdAt: iso(row.created_at),
        revision: row.revision,
        revisedAt: iso(row.revised_at ?? row.created_at),
        site: siteOf(row),
        taskDescription: row.task_description,
        companyAdminStatus,
        supervisorStatus,
        changesRequested:
          changesRequested && row.comment_text !== null ? { comment: row.comment_text, part: (row.comment_part as SwmsCommentPart | null) ?? null } : null,
      };
    }),
  };
}

/** GET profile/trades/{id}/swms/{swmsId}: one of the tradesperson's own SWMS (to start a new one from it). */
export async function readOwnSwms(app: App, request: FastifyRequest, rawId: unknown, rawSwmsId: unknown): Promise<Swms> {
  const userId = requireSelf(request, rawId, swmsMessages.notAuthorised);
  const swmsId = decode(Uuid, rawSwmsId);
  if (!swmsId.ok) throw forbidden(swmsMessages.notAuthorised);
  const companyId = await ownSwmsCompany(app.db, userId, swmsId.value);
  const [row] = companyId === undefined ? [] : await findCompanySwms(app.db, companyId, [swmsId.value]);
  if (!row) throw forbidden(swmsMessages.notAuthorised);
  return swmsView(app, row);
}
