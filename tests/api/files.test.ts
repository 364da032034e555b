import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { FileUploadResponse } from '../../src/domain/file';
import { seedDemo } from '../../server/seed/demo';
import { fileView } from '../../server/storage/file-view';
import { createTestApp } from './test-app';

let app: FastifyInstance;
let close: () => Promise<void>;
let adminToken: string;
let unregisteredToken: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true }));
  await seedDemo(app.db, app.storage);
  adminToken = await app.auth.tokenForEmail('admin@harbourbuild.demo');
  unregisteredToken = await app.auth.tokenForEmail('new.person@example.test');
}, 120_000);
afterAll(async () => close());

const requestUpload = (body: unknown, token: string | null = adminToken) =>
  app.inject({
    method: 'POST',
    url: '/api/file',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });

async function upload(body: { type: string; filename: string }): Promise<FileUploadResponse> {
  const response = await requestUpload(body);
  expect(response.statusCode).toBe(201);
  const decoded = decode(FileUploadResponse, response.json());
  if (!decoded.ok) throw new Error(decoded.issues[0].message);
  return decoded.value;
}

describe('POST /api/file', () => {
  it('answers a new fileKey of a generated id and the lower-case extension, and records the file', async () => {
    const answer = await upload({ type: 'companyProfile', filename: 'Harbour Logo.PNG' });
    expect(answer.fileKey).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(answer.url).toBe(answer.sasToken);
    expect(answer.url.split('?', 1)[0]).toBe(`${app.config.publicUrl}/blob/devstoreaccount1/portal-files/${answer.fileKey}`);
    const row = await app.db.selectFrom('files').selectAll().where('file_key', '=', answer.fileKey).executeTakeFirstOrThrow();
    const admin = await app.db.selectFrom('users').select('id').where('email', '=', 'admin@harbourbuild.demo').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ friendly_name: 'Harbour Logo.PNG', type: 'companyProfile', created_by: admin.id });
  });

  it('signs an upload url that accepts a PUT of the bytes, which a read url then returns', async () => {
    const answer = await upload({ type: 'siteSafetyPlan', filename: 'plan.pdf' });
    const bytes = new TextEncoder().encode('%PDF-1.4 a site safety plan');
    const put = await fetch(answer.url, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/pdf' },
      body: bytes,
    });
    expect(put.status).toBe(201);
    const view = await fileView(app, await app.db.selectFrom('files').selectAll().where('file_key', '=', answer.fileKey).executeTakeFirstOrThrow());
    expect(view).toMatchObject({ friendlyName: 'plan.pdf', fileKey: answer.fileKey, type: 'siteSafetyPlan' });
    const read = await fetch(view?.url ?? '');
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(bytes);
  });

  it('signs for at most 15 minutes, to write that one blob only, never to read it', async () => {
    const before = Date.now();
    const answer = await upload({ type: 'companyProfile', filename: 'logo.jpg' });
    const signed = new URL(answer.url);
    const expiresAt = new Date(signed.searchParams.get('se') ?? '').getTime();
    expect(expiresAt).toBeLessThanOrEqual(before + 15 * 60_000 + 1000);
    expect(expiresAt).toBeGreaterThan(before);
    expect(Math.abs(new Date(answer.expiresAt).getTime() - expiresAt)).toBeLessThan(1000);
    expect(signed.searchParams.get('sp')).toBe('c');
    expect(signed.searchParams.get('sr')).toBe('b');
    expect(signed.pathname).toMatch(new RegExp(`/portal-files/${answer.fileKey}$`));
    await fetch(answer.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: 'x' });
    expect((await fetch(answer.url)).status).toBe(403);
  });

  it.each([
    [{ type: 'photo', filename: 'photo.pdf' }, 'File name: a .png or .jpg file is required'],
    [{ type: 'companyProfile', filename: 'logo.gif' }, 'File name: a .png or .jpg file is required'],
    [{ type: 'siteSafetyPlan', filename: 'plan.png' }, 'File name: a .pdf file is required'],
    [{ type: 'termsConditions', filename: 'terms' }, 'File name: a .pdf file is required'],
    [{ type: 'photo', filename: '' }, 'File name: this field is required'],
    [{ type: 'photo' }, 'File name: this field is required'],
  ])('refuses %j with 400 %s', async (body, message) => {
    const response = await requestUpload(body);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(message);
  });

  it('answers 400, never 500, to an unknown type or a body that is not an object', async () => {
    for (const body of [{ type: 'video', filename: 'a.mp4' }, ['photo'], 'photo.png']) {
      const response = await requestUpload(body);
      expect(response.statusCode).toBe(400);
      expect(response.body.length).toBeGreaterThan(0);
    }
    const noBody = await app.inject({ method: 'POST', url: '/api/file', headers: { authorization: `Bearer ${adminToken}` } });
    expect(noBody.statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 to an Unregistered user', async () => {
    expect((await requestUpload({ type: 'photo', filename: 'a.png' }, null)).statusCode).toBe(401);
    expect((await requestUpload({ type: 'photo', filename: 'a.png' }, unregisteredToken)).statusCode).toBe(403);
  });
});
