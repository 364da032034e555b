import {
  BlobSASPermissions,
  BlobServiceClient,
  StorageSharedKeyCredential,
  generateBlobSASQueryParameters,
  type CorsRule,
} from '@azure/storage-blob';
import { contentTypeFor } from './content-types';
import { signedOncePerWindow } from './read-signatures';

export const containerName = 'portal-files';
const uploadLifetimeMs = 15 * 60_000;
const readLifetimeMs = 10 * 60_000;
const readWindowMs = 5 * 60_000;
/** Read signatures remembered per window (`signedOncePerWindow`): about 300 bytes each. */
const rememberedReadSignatures = 20_000;

export interface UploadUrl {
  readonly url: string;
  readonly expiresOn: Date;
}

export interface StoredFile {
  readonly fileKey: string;
  readonly bytes: number;
  readonly contentType: string | undefined;
  /** Changes whenever the blob is written again. */
  readonly etag: string | undefined;
}

/** A blob's size and its first bytes, read without downloading the rest. */
export interface FileStart {
  readonly size: number;
  readonly start: Buffer;
}

export interface BlobStore {
  /** A create-only SAS url for one new blob, valid for at most 15 minutes: it never overwrites a blob. */
  createUploadUrl(fileKey: string): UploadUrl;
  /** A read-only SAS url for one blob, valid for 10 to 15 minutes. */
  readUrl(fileKey: string): string;
  deleteFile(fileKey: string): Promise<void>;
  putFile(fileKey: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The blob's bytes (for PDFs the server writes), or null when there is none. */
  readFile(fileKey: string): Promise<Buffer | null>;
  /** The blob's size and up to `byteCount` of its first bytes, or null when there is no blob. */
  readFileStart(fileKey: string, byteCount: number): Promise<FileStart | null>;
  /** Every blob of the container (the backup copies them all). */
  listFiles(): AsyncIterable<StoredFile>;
  /** Throws unless the blob service answers and the container exists. */
  ping(): Promise<void>;
  /** The account endpoint this server itself talks to; for embedded Azurite a loopback address no browser reaches. */
  readonly serviceUrl: string;
  close(): Promise<void>;
}

export interface BlobStoreOptions {
  /** The account endpoint browsers reach, without a trailing slash; read each time a URL is signed. */
  readonly publicEndpoint: () => string;
  /** Origins allowed to PUT straight to the blob service from another origin; ['*'] for any; absent for none. */
  readonly corsOrigins?: readonly string[];
  readonly onClose?: () => Promise<void>;
}

function corsRule(origins: readonly string[]): CorsRule {
  return {
    allowedOrigins: origins.join(','),
    allowedMethods: 'GET,HEAD,PUT,OPTIONS',
    allowedHeaders: '*',
    exposedHeaders: '*',
    maxAgeInSeconds: 3600,
  };
}

async function allowBrowserUploads(service: BlobServiceClient, origins: readonly string[]): Promise<void> {
  const rule = corsRule(origins);
  const { cors = [] } = await service.getProperties();
  const others = cors.filter((existing) => existing.allowedOrigins !== rule.allowedOrigins);
  await service.setProperties({ cors: [...others, rule] });
}

function sharedKey(service: BlobServiceClient): StorageSharedKeyCredential {
  if (service.credential instanceof StorageSharedKeyCredential) return service.credential;
  throw new Error('AZURE_STORAGE_CONNECTION_STRING needs AccountName and AccountKey: the portal signs upload and read URLs with it');
}

const isNotFound = (error: unknown) => (error as { statusCode?: unknown } | null)?.statusCode === 404;

const withoutTrailingSlash = (url: string) => url.replace(/\/$/, '');

/** The account URL of a connection string: Azure's blob endpoint, or Azurite's address with its account path. */
export function accountUrl(connectionString: string): string {
  return withoutTrailingSlash(BlobServiceClient.fromConnectionString(connectionString).url);
}

/** A SAS query for one blob of the container. It covers the account, container and blob path, not the host. */
function sasQuery(credential: StorageSharedKeyCredential, fileKey: string, sas: { permissions: string; expiresOn: Date; contentType?: string }): string {
  return generateBlobSASQueryParameters(
    {
      containerName,
      blobName: fileKey,
      permissions: BlobSASPermissions.parse(sas.permissions),
      expiresOn: sas.expiresOn,
      contentType: sas.contentType,
    },
    credential,
  ).toString();
}

// The signature does not cover the host: any endpoint that reaches the account serves it.
const blobUrl = (publicEndpoint: string, fileKey: string, query: string) => `${publicEndpoint}/${containerName}/${encodeURIComponent(fileKey)}?${query}`;

/**
 * `BlobStore.readUrl` for a shared key: read-only SAS urls whose expiry is rounded to a 5-minute window, so a page
 * reloaded soon after gets the same URL and the browser's cached copy; the signature is made once per window
 * (`signedOncePerWindow`).
 */
export function readUrls(credential: StorageSharedKeyCredential, publicEndpoint: () => string): (fileKey: string) => string {
  const readSignature = signedOncePerWindow(
    (fileKey, expiresOn) => sasQuery(credential, fileKey, { permissions: 'r', expiresOn, contentType: contentTypeFor(fileKey) }),
    { windowMs: readWindowMs, lifetimeMs: readLifetimeMs, maxEntries: rememberedReadSignatures },
  );
  return (fileKey) => blobUrl(publicEndpoint(), fileKey, readSignature(fileKey));
}

/** Opens the blob store behind a connection string (Azure or Azurite), creating the container and any CORS rule. */
export async function openBlobStore(connectionString: string, options: BlobStoreOptions): Promise<BlobStore> {
  const service = BlobServiceClient.fromConnectionString(connectionString);
  const credential = sharedKey(service);
  const container = service.getContainerClient(containerName);
  const probe = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: { maxTries: 1 } })
    .getContainerClient(containerName);
  await container.createIfNotExists();
  if (options.corsOrigins) await allowBrowserUploads(service, options.corsOrigins);
  let closed = false;

  return {
    serviceUrl: withoutTrailingSlash(service.url),
    createUploadUrl(fileKey) {
      const expiresOn = new Date(Date.now() + uploadLifetimeMs);
      // Create without write: once the server has checked an upload, the same URL cannot replace its bytes.
      return { url: blobUrl(options.publicEndpoint(), fileKey, sasQuery(credential, fileKey, { permissions: 'c', expiresOn })), expiresOn };
    },
    readUrl: readUrls(credential, options.publicEndpoint),
    async deleteFile(fileKey) {
      await container.getBlobClient(fileKey).deleteIfExists();
    },
    async putFile(fileKey, bytes, contentType) {
      await container.getBlockBlobClient(fileKey).uploadData(bytes, { blobHTTPHeaders: { blobContentType: contentType } });
    },
    async readFile(fileKey) {
      const blob = container.getBlobClient(fileKey);
      return (await blob.exists()) ? blob.downloadToBuffer() : null;
    },
    async readFileStart(fileKey, byteCount) {
      const blob = container.getBlobClient(fileKey);
      const properties = await blob.getProperties().catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      if (!properties) return null;
      const size = properties.contentLength ?? 0;
      if (size === 0) return { size, start: Buffer.alloc(0) };
      const start = await blob.downloadToBuffer(0, Math.min(byteCount, size), { conditions: { ifMatch: properties.etag } });
      return { size, start };
    },
    async *listFiles() {
      for await (const blob of container.listBlobsFlat()) {
        yield { fileKey: blob.name, bytes: blob.properties.contentLength ?? 0, contentType: blob.properties.contentType, etag: blob.properties.etag };
      }
    },
    async ping() {
      await probe.getProperties({ abortSignal: AbortSignal.timeout(3000) });
    },
    async close() {
      if (closed) return;
      closed = true;
      await options.onClose?.();
    },
  };
}
