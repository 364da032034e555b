import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileType } from '../../src/domain/file';
import type { StoredRole } from '../../server/db/tables';
import { startAzurite, type RunningAzurite } from '../../server/storage/azurite';
import { sweepStorage, unheldFileLifetimeMs } from '../../server/storage/sweep';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { companyBody } from '../support/company-body';
import { jpegFile, pdfFile, pngFile } from '../support/upload-fixtures';
import { createTestApp, type TestApp } from './test-app';

const megabyte = 1024 * 1024;
const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/profile")</script></body></html>');
const text = Buffer.from('just some notes, not a picture');

/** A file of `size` bytes that starts like a real one of its format. */
const padded = (start: Buffer, size: number) => Buffer.concat([start, Buffer.alloc(size - start.length, 0x20)]);

interface Account {
  readonly token: string;
  readonly userId: string;
}

/** The portal's API on one app, with the accounts the checks need. */
function portalOf(app: () => FastifyInstance) {
  const call = (method: 'POST' | 'PUT', url: string, token: string, payload: unknown) =>
    app().inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  const account = async (role: StoredRole | null, companyId: string | null = null): Promise<Account> => {
    const email = `${role ?? 'nobody'}.${randomUUID().slice(0, 8)}@uploads.test`;
    const user = await findOrCreateUserByEmail(app().db, email);
    if (role) {
      await app()
        .db.insertInto('user_roles')
        .values({ id: randomUUID(), user_id: user.id, company_id: companyId, role, status: 'active', accepted_at: new Date() })
        .execute();
    }
    return { token: await app().auth.tokenForEmail(email), userId: user.id };
  };

  const requestUpload = (who: Account, type: FileType, filename: string) => call('POST', '/api/file', who.token, { type, filename });

  /** POST file, then the bytes to the answered SAS URL as a browser sends them. */
  const upload = async (who: Account, type: FileType, filename: string, bytes: Buffer) => {
    const response = await requestUpload(who, type, filename);
    expect(response.statusCode, response.body).toBe(201);
    const { fileKey, url } = response.json<{ fileKey: string; url: string }>();
    const put = await fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: new Uint8Array(bytes) });
    return { reference: { friendlyName: filename, fileKey, type }, url, putStatus: put.status };
  };

  const fileRow = (fileKey: string) => app().db.selectFrom('files').select('id').where('file_key', '=', fileKey).executeTakeFirst();
  const blobStatus = async (fileKey: string) => (await fetch(app().storage.readUrl(fileKey))).status;

  return { call, account, requestUpload, upload, fileRow, blobStatus };
}

const tradesProfile = (overrides: Record<string, unknown>) => ({
  firstName: 'Toby',
  surname: 'Sparks',
  phone: '0412345678',
  email: 'toby@sparks.test',
  emergencyContactName: 'Tina Sparks',
  emergencyContactPhone: '0498765432',
  tradeQualifications: 'Electrician',
  whitecardNumber: 'WC-778899',
  whitecardPhoto: null,
  licences: [],
  ...overrides,
});

let siteSerial = 0;
const siteBody = (overrides: Record<string, unknown> = {}) => ({
  address: '12 Smith St',
  suburb: 'Parramatta',
  postcode: '2150',
  siteNumber: `UP-${++siteSerial}-${randomUUID().slice(0, 6)}`,
  clientName: 'Westfield Group',
  ...overrides,
});

describe('uploads on the embedded blob store: checked before a record takes them', () => {
  let portal: TestApp;
  const api = portalOf(() => portal.app);
  let companyId: string;
  let superUser: Account;
  let admin: Account;
  let supervisor: Account;
  let tradie: Account;

  beforeAll(async () => {
    portal = await createTestApp({}, { listen: true });
    superUser = await api.account('SuperUser');
    const created = await api.call('POST', '/api/company', superUser.token, companyBody());
    expect(created.statusCode, created.body).toBe(201);
    companyId = created.json<{ _id: string }>()._id;
    admin = await api.account('CompanyAdmin', companyId);
    supervisor = await api.account('CompanySupervisor', companyId);
    tradie = await api.account('TradesPerson');
  }, 120_000);
  afterAll(async () => portal.close());

  const createSite = (plan: unknown) => api.call('POST', `/api/company/${companyId}/projectSites`, admin.token, siteBody({ siteSafetyPlan: plan }));

  it('refuses HTML uploaded as a .pdf safety plan, naming the field, and deletes its row and blob', async () => {
    const { reference, putStatus } = await api.upload(admin, 'siteSafetyPlan', 'plan.pdf', html);
    expect(putStatus).toBe(201);
    const response = await createSite(reference);
    expect({ status: response.statusCode, body: response.body }).toEqual({ status: 400, body: 'The site safety plan must be a PDF file. Upload it again.' });
    expect(await api.fileRow(reference.fileKey)).toBeUndefined();
    expect(await api.blobStatus(reference.fileKey)).toBe(404);
    expect(await portal.app.db.selectFrom('project_sites').select('id').where('company_id', '=', companyId).execute()).toEqual([]);
  });

  it('refuses a PNG renamed .pdf as the safety plan', async () => {
    const { reference } = await api.upload(admin, 'siteSafetyPlan', 'plan.pdf', pngFile());
    const response = await createSite(reference);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('The site safety plan must be a PDF file. Upload it again.');
    expect(await api.fileRow(reference.fileKey)).toBeUndefined();
  });

  it('refuses a text file renamed .png and a JPEG renamed .png as the company logo, on create and on edit', async () => {
    const renamedText = await api.upload(superUser, 'companyProfile', 'logo.png', text);
    const onCreate = await api.call('POST', '/api/company', superUser.token, companyBody({ image: renamedText.reference }));
    expect({ status: onCreate.statusCode, body: onCreate.body }).toEqual({ status: 400, body: 'The company logo must be a PNG image. Upload it again.' });

    const renamedJpeg = await api.upload(admin, 'companyProfile', 'logo.png', jpegFile());
    const onEdit = await api.call('PUT', `/api/company/${companyId}`, admin.token, companyBody({ image: renamedJpeg.reference }));
    expect({ status: onEdit.statusCode, body: onEdit.body }).toEqual({ status: 400, body: 'The company logo must be a PNG image. Upload it again.' });
    for (const { reference } of [renamedText, renamedJpeg]) {
      expect(await api.fileRow(reference.fileKey)).toBeUndefined();
      expect(await api.blobStatus(reference.fileKey)).toBe(404);
    }
  });

  it('takes a real PDF safety plan, a real PNG logo and real JPEG and PNG photos', async () => {
    const plan = await api.upload(admin, 'siteSafetyPlan', 'plan.pdf', pdfFile());
    const site = await createSite(plan.reference);
    expect(site.statusCode, site.body).toBe(201);

    const logo = await api.upload(admin, 'companyProfile', 'logo.png', pngFile());
    const company = await api.call('PUT', `/api/company/${companyId}`, admin.token, companyBody({ image: logo.reference }));
    expect(company.statusCode, company.body).toBe(200);

    const card = await api.upload(tradie, 'photo', 'card.jpg', jpegFile());
    const licence = await api.upload(tradie, 'photo', 'licence.png', pngFile());
    const licences = [{ licenceClass: 'Forklift truck (LF)', number: 'LF-1', expiresOn: '2030-01-31', photo: licence.reference }];
    const saved = await api.call('PUT', `/api/profile/trades/${tradie.userId}`, tradie.token, tradesProfile({ whitecardPhoto: card.reference, licences }));
    expect(saved.statusCode, saved.body).toBe(200);
    for (const { reference } of [plan, logo, card, licence]) expect(await api.blobStatus(reference.fileKey)).toBe(200);
  });

  it('refuses a file that never reached blob storage, and keeps its row for an upload still on its way', async () => {
    const response = await api.requestUpload(admin, 'siteSafetyPlan', 'plan.pdf');
    const { fileKey } = response.json<{ fileKey: string }>();
    const refused = await createSite({ friendlyName: 'plan.pdf', fileKey, type: 'siteSafetyPlan' });
    expect({ status: refused.statusCode, body: refused.body }).toEqual({ status: 400, body: 'The site safety plan was not uploaded. Upload it again.' });
    expect(await api.fileRow(fileKey)).toBeDefined();
  });

  it('lets an upload URL write its blob once: a checked file cannot be replaced through it', async () => {
    const plan = await api.upload(admin, 'siteSafetyPlan', 'plan.pdf', pdfFile());
    expect((await createSite(plan.reference)).statusCode).toBe(201);
    const again = await fetch(plan.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: new Uint8Array(html) });
    expect(again.status).toBe(403);
    const stored = Buffer.from(await (await fetch(portal.app.storage.readUrl(plan.reference.fileKey))).arrayBuffer());
    expect(stored.equals(pdfFile())).toBe(true);
  });

  it('refuses at the upload a body over the limit of its type (10 MB for a .jpg photo), and stores nothing', async () => {
    const { reference, putStatus } = await api.upload(tradie, 'photo', 'huge.jpg', padded(jpegFile(), 10 * megabyte + 1));
    expect(putStatus).toBe(413);
    expect(await api.blobStatus(reference.fileKey)).toBe(404);
    expect((await api.upload(tradie, 'photo', 'largest.jpg', padded(jpegFile(), 10 * megabyte))).putStatus).toBe(201);
  });

  it('refuses at the upload a body sent without its length (chunked), which no limit could be checked against, and stores nothing', async () => {
    const response = await api.requestUpload(tradie, 'photo', 'streamed.jpg');
    expect(response.statusCode, response.body).toBe(201);
    const { fileKey, url } = response.json<{ fileKey: string; url: string }>();
    const body = padded(jpegFile(), 10 * megabyte + 1);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < body.length; offset += megabyte) controller.enqueue(new Uint8Array(body.subarray(offset, offset + megabyte)));
        controller.close();
      },
    });
    const put = await fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: chunked, duplex: 'half' } as RequestInit);
    expect(put.status).toBe(411);
    expect(await put.text()).toBe('Send the file with its length (a Content-Length header). Upload it again.');
    expect(await api.blobStatus(fileKey)).toBe(404);
  });

  it('takes a site safety plan up to 20 MB at the upload and refuses one byte more (413)', async () => {
    const over = await api.upload(admin, 'siteSafetyPlan', 'huge.pdf', padded(pdfFile(), 20 * megabyte + 1));
    expect(over.putStatus).toBe(413);
    expect(await api.blobStatus(over.reference.fileKey)).toBe(404);
    const largest = await api.upload(admin, 'siteSafetyPlan', 'largest.pdf', padded(pdfFile(), 20 * megabyte));
    expect(largest.putStatus).toBe(201);
    expect((await createSite(largest.reference)).statusCode).toBe(201);
  });

  describe('POST file signs upload URLs only for the types a role can attach', () => {
    const refusals: [string, FileType, string, () => Account, string][] = [
      ['a TradesPerson', 'companyProfile', 'logo.png', () => tradie, 'You are not allowed to upload a company logo.'],
      ['a TradesPerson', 'siteSafetyPlan', 'plan.pdf', () => tradie, 'You are not allowed to upload a site safety plan.'],
      ['a CompanyAdmin', 'photo', 'white card.jpg', () => admin, 'You are not allowed to upload a photo.'],
      ['a CompanySupervisor', 'siteSafetyPlan', 'plan.pdf', () => supervisor, 'You are not allowed to upload a site safety plan.'],
      ['a SuperUser', 'siteSafetyPlan', 'plan.pdf', () => superUser, 'You are not allowed to upload a site safety plan.'],
      ['a CompanyAdmin', 'termsConditions', 'terms.pdf', () => admin, 'You are not allowed to upload a terms and conditions file.'],
    ];
    const fileCount = async () =>
      Number((await portal.app.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

    it.each(refusals)('answers 403 to %s asking for a %s upload, and records nothing', async (_role, type, filename, who, message) => {
      const before = await fileCount();
      const response = await api.requestUpload(who(), type, filename);
      expect({ status: response.statusCode, body: response.body }).toEqual({ status: 403, body: message });
      expect(await fileCount()).toBe(before);
    });

    it.each([
      ['a SuperUser', 'companyProfile', 'logo.png', () => superUser],
      ['a CompanyAdmin', 'companyProfile', 'logo.jpg', () => admin],
      ['a CompanyAdmin', 'siteSafetyPlan', 'plan.pdf', () => admin],
      ['a TradesPerson', 'photo', 'card.jpg', () => tradie],
    ] as [string, FileType, string, () => Account][])('signs for %s a %s upload', async (_role, type, filename, who) => {
      expect((await api.requestUpload(who(), type, filename)).statusCode).toBe(201);
    });
  });
});

describe('uploads straight to Azure (an Azurite account, no portal in between): the size is checked after the upload', () => {
  let azuriteDir: string;
  let azurite: RunningAzurite;
  let portal: TestApp;
  const api = portalOf(() => portal.app);

  beforeAll(async () => {
    azuriteDir = mkdtempSync(path.join(os.tmpdir(), 'portal-upload-checks-'));
    azurite = await startAzurite(azuriteDir);
    portal = await createTestApp({ azureStorageConnectionString: azurite.connectionString });
  }, 120_000);
  afterAll(async () => {
    await portal.close();
    await azurite.stop();
    rmSync(azuriteDir, { recursive: true, force: true });
  });

  it('refuses a white card photo over 10 MB, naming the field, deletes it, and takes one of exactly 10 MB', async () => {
    const tradie = await api.account('TradesPerson');
    const huge = await api.upload(tradie, 'photo', 'card.jpg', padded(jpegFile(), 10 * megabyte + 1));
    expect(huge.putStatus).toBe(201);
    const refused = await api.call('PUT', `/api/profile/trades/${tradie.userId}`, tradie.token, tradesProfile({ whitecardPhoto: huge.reference }));
    expect({ status: refused.statusCode, body: refused.body }).toEqual({ status: 400, body: 'The white card photo is larger than 10 MB. Upload a smaller file.' });
    expect(await api.fileRow(huge.reference.fileKey)).toBeUndefined();
    // Straight from Azure, a key deleted while its upload URL may be live reads empty: a blob that URL cannot write.
    const gone = await fetch(portal.app.storage.readUrl(huge.reference.fileKey));
    expect(gone.status === 404 ? 0 : (await gone.arrayBuffer()).byteLength).toBe(0);

    const largest = await api.upload(tradie, 'photo', 'card.jpg', padded(jpegFile(), 10 * megabyte));
    const saved = await api.call('PUT', `/api/profile/trades/${tradie.userId}`, tradie.token, tradesProfile({ whitecardPhoto: largest.reference }));
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses a renamed licence photo among good ones, and keeps the good ones for the next try', async () => {
    const tradie = await api.account('TradesPerson');
    const card = await api.upload(tradie, 'photo', 'card.jpg', jpegFile());
    const renamed = await api.upload(tradie, 'photo', 'licence.jpg', pdfFile());
    const licences = [{ licenceClass: 'Forklift truck (LF)', number: 'LF-1', expiresOn: '2030-01-31', photo: renamed.reference }];
    const refused = await api.call('PUT', `/api/profile/trades/${tradie.userId}`, tradie.token, tradesProfile({ whitecardPhoto: card.reference, licences }));
    expect({ status: refused.statusCode, body: refused.body }).toEqual({ status: 400, body: 'The licence photo must be a JPEG image. Upload it again.' });
    expect(await api.fileRow(renamed.reference.fileKey)).toBeUndefined();
    expect(await api.fileRow(card.reference.fileKey)).toBeDefined();
    expect(await api.blobStatus(card.reference.fileKey)).toBe(200);
  });
});

describe('uploads nothing holds, and deleted files (issue 55 §11)', () => {
  let portal: TestApp;
  const api = portalOf(() => portal.app);

  beforeAll(async () => {
    portal = await createTestApp({}, { listen: true });
  }, 120_000);
  afterAll(async () => portal.close());

  const dayAndAMinuteOn = () => new Date(Date.now() + unheldFileLifetimeMs + 60_000);
  const read = async (fileKey: string) => {
    const response = await fetch(portal.app.storage.readUrl(fileKey));
    return { status: response.status, bytes: response.status === 200 ? (await response.arrayBuffer()).byteLength : await response.text() };
  };

  it('never lets a deleted key be written again: its upload URL is refused and its read URL serves nothing, until the sweep removes it', async () => {
    const tradie = await api.account('TradesPerson');
    const photo = await api.upload(tradie, 'photo', 'hazard.jpg', jpegFile());
    expect(photo.putStatus).toBe(201);
    await portal.app.storage.deleteFile(photo.reference.fileKey);
    const rewrite = await fetch(photo.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: new Uint8Array(pngFile()) });
    expect(rewrite.status).toBeGreaterThanOrEqual(400);
    expect(await read(photo.reference.fileKey)).toEqual({ status: 404, bytes: 'Not found' });

    const neverUploaded = await api.requestUpload(tradie, 'photo', 'later.jpg');
    const { fileKey, url } = neverUploaded.json<{ fileKey: string; url: string }>();
    await portal.app.storage.deleteFile(fileKey);
    expect((await fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: new Uint8Array(jpegFile()) })).status).toBeGreaterThanOrEqual(400);

    await sweepStorage(portal.app, new Date(Date.now() + 16 * 60_000));
    for (const key of [photo.reference.fileKey, fileKey]) expect(await portal.app.storage.fileSize(key)).toBeNull();
    expect(await portal.app.db.selectFrom('retired_file_keys').select('file_key').where('file_key', 'in', [photo.reference.fileKey, fileKey]).execute()).toEqual([]);
  });

  it('removes the uploads nothing took a day on, row and blob, once across two sweeps at a time, and keeps the one a record holds', async () => {
    const tradie = await api.account('TradesPerson');
    const uploads = [];
    for (let index = 0; index < 5; index += 1) uploads.push(await api.upload(tradie, 'photo', `photo-${index}.jpg`, padded(jpegFile(), 9 * megabyte)));
    expect(uploads.map((one) => one.putStatus)).toEqual([201, 201, 201, 201, 201]);
    const [kept, ...unheld] = uploads;
    const saved = await api.call('PUT', `/api/profile/trades/${tradie.userId}`, tradie.token, tradesProfile({ whitecardPhoto: kept?.reference }));
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await sweepStorage(portal.app)).toMatchObject({ files: 0 });
    const sweeps = await Promise.all([sweepStorage(portal.app, dayAndAMinuteOn()), sweepStorage(portal.app, dayAndAMinuteOn())]);
    expect(sweeps.reduce((total, sweep) => total + sweep.files, 0)).toBeGreaterThanOrEqual(unheld.length);
    for (const { reference } of unheld) {
      expect(await api.fileRow(reference.fileKey)).toBeUndefined();
      expect(await portal.app.storage.fileSize(reference.fileKey)).toBeNull();
    }
    expect(await api.fileRow(kept?.reference.fileKey ?? '')).toBeDefined();
    expect(await read(kept?.reference.fileKey ?? '')).toEqual({ status: 200, bytes: 9 * megabyte });
  }, 60_000);

  it('caps what one account may have waiting: five 9 MB photos and five upload URLs leave no room for a sixth URL, until the sweep', async () => {
    const tradie = await api.account('TradesPerson');
    for (let index = 0; index < 5; index += 1) expect((await api.upload(tradie, 'photo', `photo-${index}.jpg`, padded(jpegFile(), 9 * megabyte))).putStatus).toBe(201);
    for (let index = 0; index < 5; index += 1) expect((await api.requestUpload(tradie, 'photo', `next-${index}.jpg`)).statusCode).toBe(201);
    const refused = await api.requestUpload(tradie, 'photo', 'one-more.jpg');
    expect({ status: refused.statusCode, body: refused.body }).toEqual({
      status: 409,
      body: 'You have 95 MB of uploads not yet saved to anything, and this one may take up to 10 MB more: one account may have at most 100 MB waiting. Save the forms they were for, or upload again once they are removed, a day after upload.',
    });
    expect(await portal.app.db.selectFrom('files').select('id').where('friendly_name', '=', 'one-more.jpg').execute()).toEqual([]);
    // Another account is not held back by this one's uploads.
    expect((await api.requestUpload(await api.account('TradesPerson'), 'photo', 'mine.jpg')).statusCode).toBe(201);

    await sweepStorage(portal.app, dayAndAMinuteOn());
    expect((await api.requestUpload(tradie, 'photo', 'one-more.jpg')).statusCode).toBe(201);
  }, 60_000);
});
