import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BlobSASPermissions, BlockBlobClient, generateBlobSASQueryParameters, StorageSharedKeyCredential } from '@azure/storage-blob';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '../../src/domain/decode';
import { FileUploadResponse } from '../../src/domain/file';
import { startAzurite, type RunningAzurite } from '../../server/storage/azurite';
import { notAnUploadMessage } from '../../server/storage/blob-proxy';
import { addSuperUser } from '../../server/users/repository';
import { createTestApp, type TestApp } from './test-app';

const pngBytes = (size: number) => {
  const bytes = new Uint8Array(size).map((_, index) => (index * 7) % 251);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

// A digest, because comparing megabytes element by element takes the test runner minutes.
const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const withoutQuery = (url: string) => {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname}`;
};

async function requestUpload(app: FastifyInstance, filename: string): Promise<FileUploadResponse> {
  await addSuperUser(app.db, 'files@example.test');
  const response = await app.inject({
    method: 'POST',
    url: '/api/file',
    headers: { authorization: `Bearer ${await app.auth.tokenForEmail('files@example.test')}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ type: 'companyProfile', filename }),
  });
  expect(response.statusCode).toBe(201);
  const decoded = decode(FileUploadResponse, response.json());
  if (!decoded.ok) throw new Error(decoded.issues[0].message);
  return decoded.value;
}

const putBlob = (url: string, body: BodyInit, contentType = 'image/png') =>
  fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': contentType }, body });

describe('the embedded blob store, reached through PUBLIC_URL/blob', () => {
  let portal: TestApp;
  let app: FastifyInstance;
  let containerUrl: string;

  beforeAll(async () => {
    portal = await createTestApp({}, { listen: true });
    app = portal.app;
    containerUrl = `${app.config.publicUrl}/blob/devstoreaccount1/portal-files`;
  }, 120_000);
  afterAll(async () => portal.close());

  it('signs upload and read URLs on PUBLIC_URL, never on the loopback address of Azurite', async () => {
    const upload = await requestUpload(app, 'logo.png');
    const readUrl = app.storage.readUrl(upload.fileKey);
    expect(withoutQuery(upload.url)).toBe(`${containerUrl}/${upload.fileKey}`);
    expect(withoutQuery(readUrl)).toBe(`${containerUrl}/${upload.fileKey}`);
    for (const url of [upload.url, readUrl]) expect(url).not.toContain(new URL(app.storage.serviceUrl).host);
  });

  it('stores the bytes of a PUT with the upload SAS, larger than the API body limit, and returns them typed to a GET with the read SAS', async () => {
    const upload = await requestUpload(app, 'site-logo.png');
    const bytes = pngBytes(3 * 1024 * 1024);
    expect((await putBlob(upload.url, bytes)).status).toBe(201);

    const read = await fetch(app.storage.readUrl(upload.fileKey));
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(digest(new Uint8Array(await read.arrayBuffer()))).toBe(digest(bytes));
    const head = await fetch(app.storage.readUrl(upload.fileKey), { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
  });

  it("carries the SDK's upload (x-ms headers, one PUT) to the blob; staged blocks, which could rewrite a checked blob, are refused", async () => {
    const upload = await requestUpload(app, 'sdk.png');
    const bytes = pngBytes(2.5 * 1024 * 1024);
    const progress: number[] = [];
    await new BlockBlobClient(upload.url).uploadData(bytes, {
      blobHTTPHeaders: { blobContentType: 'image/png' },
      onProgress: ({ loadedBytes }) => progress.push(loadedBytes),
    });
    expect(progress.at(-1)).toBe(bytes.length);
    const read = await fetch(app.storage.readUrl(upload.fileKey));
    expect(digest(new Uint8Array(await read.arrayBuffer()))).toBe(digest(bytes));

    const blocks = await requestUpload(app, 'blocks.png');
    const staged = new BlockBlobClient(blocks.url).uploadData(bytes, { maxSingleShotSize: 1024 * 1024, blockSize: 1024 * 1024 });
    await expect(staged).rejects.toMatchObject({ statusCode: 403 });
  });

  it('forwards only the uploads the portal hands out: a copy from another address or any other write answers 403 with a message', async () => {
    const source = await requestUpload(app, 'source.png');
    expect((await putBlob(source.url, 'source bytes')).status).toBe(201);
    const target = await requestUpload(app, 'copied.png');
    const refused = [
      fetch(target.url, { method: 'PUT', headers: { 'x-ms-copy-source': app.storage.readUrl(source.fileKey) }, body: '' }),
      fetch(target.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob', 'x-ms-copy-source': app.storage.readUrl(source.fileKey) }, body: '' }),
      fetch(`${target.url}&comp=block&blockid=${btoa('block-1')}`, { method: 'PUT', headers: { 'x-ms-copy-source': app.storage.readUrl(source.fileKey) }, body: '' }),
      fetch(`${target.url}&comp=metadata`, { method: 'PUT', headers: { 'x-ms-meta-checked': 'yes' }, body: '' }),
      fetch(`${target.url}&comp=tags`, { method: 'PUT', body: '<Tags/>' }),
      fetch(target.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'PageBlob', 'x-ms-blob-content-length': String(1024 ** 4) }, body: '' }),
      fetch(target.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'AppendBlob' }, body: '' }),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.status).toBe(403);
      expect(await response.text()).toBe(notAnUploadMessage);
    }
    expect((await fetch(app.storage.readUrl(target.fileKey))).status).toBe(404);
    expect((await putBlob(target.url, 'own bytes')).status).toBe(201);
  });

  it('answers 403 to a read or an upload without a SAS or with a tampered one', async () => {
    const upload = await requestUpload(app, 'guarded.png');
    expect((await putBlob(upload.url, 'first')).status).toBe(201);
    const readUrl = app.storage.readUrl(upload.fileKey);
    const tampered = (url: string) => url.replace(/([?&]se=)[^&]+/, (_, name: string) => `${name}2099-01-01T00%3A00%3A00Z`);

    expect((await fetch(withoutQuery(readUrl))).status).toBe(403);
    expect((await fetch(tampered(readUrl))).status).toBe(403);
    expect((await putBlob(withoutQuery(upload.url), 'second')).status).toBe(403);
    expect((await putBlob(tampered(upload.url), 'second')).status).toBe(403);
    expect((await putBlob(readUrl, 'second')).status).toBe(403);
    expect(await (await fetch(readUrl)).text()).toBe('first');
  });

  it("answers 403 to a SAS signed with the emulator's published account key", async () => {
    const upload = await requestUpload(app, 'secret.png');
    expect((await putBlob(upload.url, 'secret')).status).toBe(201);
    const publishedKey = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
    const forged = generateBlobSASQueryParameters(
      {
        containerName: 'portal-files',
        blobName: upload.fileKey,
        permissions: BlobSASPermissions.parse('rw'),
        expiresOn: new Date(Date.now() + 60_000),
      },
      new StorageSharedKeyCredential('devstoreaccount1', publishedKey),
    );
    const forgedUrl = `${containerUrl}/${upload.fileKey}?${forged.toString()}`;
    expect((await fetch(forgedUrl)).status).toBe(403);
    expect((await putBlob(forgedUrl, 'overwritten')).status).toBe(403);
    expect(await (await fetch(app.storage.readUrl(upload.fileKey))).text()).toBe('secret');
  });

  it('proxies single blobs of the portal container only: the account, the container, other containers and other methods answer 404', async () => {
    const upload = await requestUpload(app, 'kept.png');
    expect((await putBlob(upload.url, 'kept')).status).toBe(201);
    const sas = new URL(upload.url).search;
    const outside = [
      `${app.config.publicUrl}/blob/devstoreaccount1?comp=list`,
      `${containerUrl}?restype=container&comp=list`,
      `${containerUrl}/`,
      `${app.config.publicUrl}/blob/devstoreaccount1/other-files/${upload.fileKey}${sas}`,
      `${containerUrl}/nested/${upload.fileKey}${sas}`,
    ];
    for (const url of outside) expect((await fetch(url)).status, url).toBe(404);
    expect((await fetch(upload.url, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(upload.url, { method: 'POST', body: 'x' })).status).toBe(404);
    expect(await (await fetch(app.storage.readUrl(upload.fileKey))).text()).toBe('kept');
  });
});

describe('Azure Blob Storage (an Azurite account standing in for Azure)', () => {
  let azuriteDir: string;
  let azurite: RunningAzurite;
  let running: TestApp | undefined;

  beforeAll(async () => {
    azuriteDir = mkdtempSync(path.join(os.tmpdir(), 'portal-azure-'));
    azurite = await startAzurite(azuriteDir);
  }, 60_000);
  afterAll(async () => {
    await running?.close();
    await azurite.stop();
    rmSync(azuriteDir, { recursive: true, force: true });
  });

  const startWith = async (blobPublicUrl?: string) => {
    await running?.close();
    running = await createTestApp({ azureStorageConnectionString: azurite.connectionString, blobPublicUrl }, { listen: true });
    return running.app;
  };

  it("signs URLs on the account's own endpoint, lets browsers PUT from another origin (CORS) and proxies nothing", async () => {
    const app = await startWith();
    const upload = await requestUpload(app, 'azure.png');
    expect(withoutQuery(upload.url)).toBe(`${azurite.blobEndpoint}/portal-files/${upload.fileKey}`);
    expect(withoutQuery(app.storage.readUrl(upload.fileKey))).toBe(`${azurite.blobEndpoint}/portal-files/${upload.fileKey}`);
    const preflight = await fetch(upload.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-ms-blob-type,content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/localhost:3000)$/);
    const proxied = new URL(upload.url);
    expect((await fetch(`${app.config.publicUrl}/blob${proxied.pathname}${proxied.search}`)).status).toBe(404);
  });

  it('signs URLs on BLOB_PUBLIC_URL when set (a CDN or custom domain in front of the account)', async () => {
    const app = await startWith('https://files.example.test');
    const upload = await requestUpload(app, 'cdn.png');
    expect(withoutQuery(upload.url)).toBe(`https://files.example.test/portal-files/${upload.fileKey}`);
    expect(withoutQuery(app.storage.readUrl(upload.fileKey))).toBe(`https://files.example.test/portal-files/${upload.fileKey}`);
    expect(new URL(upload.url).searchParams.get('sp')).toBe('c');
  });
});
