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
/** The metadata an emptied blob of a deleted file carries (`BlobStore.deleteFile`), and the header it is read back in. */
const retiredMetadata = { retired: 'true' };
export const retiredMetadataHeader = 'x-ms-meta-retired';
export const uploadLifetimeMs = 15 * 60_000;
const readLifetimeMs = 10 * 60_000;
const readWindowMs = 5 * 60_000;
/** Read signatures remembered per window (`signedOncePerWindow`): about 300 bytes each. */
const rememberedReadSignatures = 20_000;

interface UploadUrl {
  readonly url: string;
  readonly expiresOn: Date;
}

interface StoredFile {
  readonly fileKey: string;
  readonly bytes: number;
  readonly contentType: string | undefined;
  /** Changes whenever the blob is written again. */
  readonly etag: string | undefined;
}

/** A blob's size and its first bytes, read without downloading the rest. */
interface FileStart {
  readonly size: number;
  readonly start: Buffer;
}

export interface BlobStore {
  /** A create-only SAS url for one new blob, valid for at most 15 minutes: it never overwrites a blob. */
  createUploadUrl(fileKey: string): UploadUrl;
  /** A read-only SAS url for one blob, valid for 10 to 15 minutes. */
  readUrl(fileKey: string): string;
  /**
   * Deletes the blob so that no one writes its key again: while its create-only upload URL may be live (signed at
   * `uploadSignedAt`; when unknown, the blob is absent or younger than an upload URL), the blob is emptied instead,
   * which that URL cannot overwrite, and handed to `BlobStoreOptions.onRetired` to be removed once the URL has expired.
   */
  deleteFile(fileKey: string, uploadSignedAt?: Date): Promise<void>;
  /** Removes a blob whose upload URL has expired (an emptied one of `deleteFile`, or one no record took). */
  removeExpired(fileKey: string): Promise<void>;
  putFile(fileKey: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The blob's bytes (for PDFs the server writes), or null when there is none. */
  readFile(fileKey: string): Promise<Buffer | null>;
  /** The blob's size, or null when there is no blob. */
  fileSize(fileKey: string): Promise<number | null>;
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
  /** Notes a blob `deleteFile` emptied, to be removed by `removeExpired` at `removeAfter`; without it the empty blob stays. */
  readonly onRetired?: (fileKey: string, removeAfter: Date) => Promise<void>;
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

/** Whether a blob is the emptied stand-in of a deleted file (`BlobStore.deleteFile`), which reads as no blob. */
const isRetired = (properties: { metadata?: Record<string, string> | undefined }) => properties.metadata?.retired === retiredMetadata.retired;

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
    async deleteFile(fileKey, uploadSignedAt) {
      const blob = container.getBlockBlobClient(fileKey);
      // The URL is signed before the blob is written, so the blob's creation bounds the signature's time from below.
      const signedAt =
        uploadSignedAt ??
        (await blob.getProperties().then(
          (properties) => properties.createdOn,
          (error: unknown) => {
            if (isNotFound(error)) return undefined;
            throw error;
          },
        ));
      const urlExpiresOn = new Date((signedAt?.getTime() ?? Date.now()) + uploadLifetimeMs);
      if (signedAt !== undefined && urlExpiresOn.getTime() <= Date.now()) {
        await blob.deleteIfExists();
        return;
      }
      await blob.uploadData(new Uint8Array(0), { metadata: retiredMetadata });
      await options.onRetired?.(fileKey, urlExpiresOn);
    },
    async removeExpired(fileKey) {
      await container.getBlobClient(fileKey).deleteIfExists();
    },
    async putFile(fileKey, bytes, contentType) {
      await container.getBlockBlobClient(fileKey).uploadData(bytes, { blobHTTPHeaders: { blobContentType: contentType } });
    },
    async readFile(fileKey) {
      const blob = container.getBlobClient(fileKey);
      const properties = await blob.getProperties().catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      return properties && !isRetired(properties) ? blob.downloadToBuffer(0, undefined, { conditions: { ifMatch: properties.etag } }) : null;
    },
    async fileSize(fileKey) {
      const properties = await container.getBlobClient(fileKey).getProperties().catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      return properties && !isRetired(properties) ? (properties.contentLength ?? 0) : null;
    },
    async readFileStart(fileKey, byteCount) {
      const blob = container.getBlobClient(fileKey);
      const properties = await blob.getProperties().catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      if (!properties || isRetired(properties)) return null;
      const size = properties.contentLength ?? 0;
      if (size === 0) return { size, start: Buffer.alloc(0) };
      const start = await blob.downloadToBuffer(0, Math.min(byteCount, size), { conditions: { ifMatch: properties.etag } });
      return { size, start };
    },
    async *listFiles() {
      for await (const blob of container.listBlobsFlat({ includeMetadata: true })) {
        if (isRetired(blob)) continue;
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
