import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';
import type { FileRow } from './file-view';
import { isFileHeld } from './files-repository';
import { claimedFormat, signatureLength, startsWithSignature } from '../../src/domain/file-signatures';
import { megabytes, uploadLimitBytes } from './upload-rules';

type App = Pick<FastifyInstance, 'db' | 'storage'>;

/** How each field that takes an upload is named in a refusal. */
const uploadFieldLabels = {
  companyLogo: 'company logo',
  siteSafetyPlan: 'site safety plan',
  whitecardPhoto: 'white card photo',
  licencePhoto: 'licence photo',
  riskPhoto: 'photo of the hazard',
  controlPhoto: 'photo of the controls',
} as const;

type UploadField = keyof typeof uploadFieldLabels;

/** A file a request names for a field; absent or null when the field holds no file. */
export interface ClaimedUpload {
  readonly field: UploadField;
  readonly fileKey: string | null | undefined;
}

type Verdict = { readonly ok: true } | { readonly ok: false; readonly message: string; readonly discard: boolean };

const accepted: Verdict = { ok: true };

async function verdictOn(app: App, file: FileRow, label: string): Promise<Verdict> {
  const format = claimedFormat(file.file_key);
  const stored = await app.storage.readFileStart(file.file_key, signatureLength);
  if (!stored) return { ok: false, message: `The ${label} was not uploaded. Upload it again.`, discard: false };
  const limit = uploadLimitBytes[file.type];
  if (stored.size > limit) {
    return { ok: false, message: `The ${label} is larger than ${megabytes(limit)} MB. Upload a smaller file.`, discard: true };
  }
  if (!format || !startsWithSignature(stored.start, format)) {
    return { ok: false, message: `The ${label} must be a ${format?.kind ?? 'file of an accepted type'}. Upload it again.`, discard: true };
  }
  return accepted;
}

/** A refused upload goes, row and blob; a row some record took meanwhile (its foreign key refuses) stays. */
async function discard(app: App, file: FileRow): Promise<void> {
  const deleted = await app.db
    .deleteFrom('files')
    .where('id', '=', file.id)
    .executeTakeFirst()
    .then(() => true, (error: unknown) => {
      if ((error as { code?: unknown } | null)?.code === '23503') return false;
      throw error;
    });
  if (deleted) await app.storage.deleteFile(file.file_key);
}

async function checkOne(app: App, upload: ClaimedUpload & { fileKey: string }): Promise<Verdict> {
  const file = await app.db.selectFrom('files').selectAll().where('file_key', '=', upload.fileKey).executeTakeFirst();
  // An unknown key is the attach point's to refuse; a file some record holds was checked when first attached.
  if (!file || (await isFileHeld(app.db, file.id))) return accepted;
  const verdict = await verdictOn(app, file, uploadFieldLabels[upload.field]);
  if (!verdict.ok && verdict.discard) await discard(app, file);
  return verdict;
}

/**
 * Issue 12 §9: the files a request is about to attach are what their names claim (PNG, JPEG or PDF by
 * their first bytes, read from blob storage) and within their type's size limit. Call it before the
 * transaction that attaches them: a refused upload is deleted, row and blob, and the request answers
 * 400 naming the field.
 */
export async function checkUploads(app: App, uploads: readonly ClaimedUpload[]): Promise<void> {
  const named = new Map<string, ClaimedUpload & { fileKey: string }>();
  for (const upload of uploads) if (typeof upload.fileKey === 'string' && !named.has(upload.fileKey)) named.set(upload.fileKey, { ...upload, fileKey: upload.fileKey });
  const verdicts = await Promise.all([...named.values()].map((upload) => checkOne(app, upload)));
  const refused = verdicts.find((verdict) => !verdict.ok);
  if (refused && !refused.ok) throw badRequest(refused.message);
}
