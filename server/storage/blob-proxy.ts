import type { Readable } from 'node:stream';
import fastifyReplyFrom from '@fastify/reply-from';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsFile, fileTypes } from '../../src/domain/file';
import { containerName, retiredMetadataHeader } from './blob-store';
import { megabytes, uploadLimitBytes } from './upload-rules';

const blobProxyPrefix = '/blob';

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');

export const notAnUploadMessage = 'This upload address takes only the bytes of a new file (Put Blob, Put Block, Put Block List). Upload the file itself.';

/**
 * Whether a PUT is one of the upload operations the portal hands out: Put Blob of a block blob, Put Block, Put Block
 * List. A copy from another address (`x-ms-copy-source`: Copy Blob, Put Blob or Put Block From URL) and every other
 * write (metadata, tags, tiers, leases, page and append blobs) are not.
 */
function isUploadOperation(request: FastifyRequest): boolean {
  if (Object.keys(request.headers).some((name) => name.startsWith('x-ms-copy-source'))) return false;
  const query = [...new URLSearchParams(request.url.split('?')[1] ?? '')];
  const comp = query.filter(([name]) => name.toLowerCase() === 'comp').map(([, value]) => value.toLowerCase());
  if (comp.length > 1) return false;
  if (comp[0] === 'block' || comp[0] === 'blocklist') return true;
  const blobType = request.headers['x-ms-blob-type'];
  return comp.length === 0 && (blobType === undefined || (typeof blobType === 'string' && blobType.toLowerCase() === 'blockblob'));
}

/** The most an upload under this name may hold: the largest limit of the types that accept its extension. */
function uploadLimitFor(fileKey: string): number {
  return Math.max(0, ...fileTypes.filter((type) => acceptsFile(type, fileKey)).map((type) => uploadLimitBytes[type]));
}

/** Where browsers reach the embedded account: its own path, under PUBLIC_URL's /blob. */
export function proxiedAccountUrl(publicUrl: string, accountUrl: string): string {
  return `${publicUrl}${blobProxyPrefix}${new URL(accountUrl).pathname.replace(/\/$/, '')}`;
}

export interface BlobProxyOptions {
  /** The embedded blob account on loopback, e.g. http://127.0.0.1:10000/devstoreaccount1. */
  readonly accountUrl: string;
}

/**
 * Forwards the browser's blob reads and uploads to embedded Azurite, which listens on loopback only.
 * The SAS signs the account, container and blob path but not the host, so it passes unchanged and
 * Azurite still checks it. Only single blobs of the portal's container are reachable.
 */
export const blobProxy: FastifyPluginAsync<BlobProxyOptions> = async (app, options) => {
  const upstream = new URL(options.accountUrl);
  const containerPath = `${upstream.pathname.replace(/\/$/, '')}/${containerName}`;
  await app.register(fastifyReplyFrom, { base: upstream.origin, disableRequestLogging: true });

  // Upload bodies stream on to Azurite unparsed and unbuffered.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.route<{ Params: { fileKey: string } }>({
    method: ['GET', 'HEAD', 'PUT', 'OPTIONS'],
    url: `${blobProxyPrefix}${containerPath}/:fileKey`,
    handler: (request, reply) => {
      if (!request.params.fileKey) return notFound(reply);
      // Azure cannot cap a SAS upload's size; here the embedded store refuses an oversized one before it is stored.
      // A body without a Content-Length (chunked) could not be measured first: Azure's Put Blob needs the length too,
      // and browsers always send it. Node's parser holds a body to the length it declares.
      if (request.method === 'PUT') {
        if (!isUploadOperation(request)) return reply.code(403).type('text/plain').send(notAnUploadMessage);
        const limit = uploadLimitFor(request.params.fileKey);
        const length = request.headers['content-length'];
        if (length === undefined) return reply.code(411).type('text/plain').send('Send the file with its length (a Content-Length header). Upload it again.');
        if (Number(length) > limit) {
          return reply.code(413).type('text/plain').send(`This file is larger than ${megabytes(limit)} MB, the most the portal keeps. Upload a smaller file.`);
        }
      }
      const rawPath = request.url.split('?', 1)[0] ?? '';
      return reply.from(rawPath.slice(blobProxyPrefix.length), {
        onResponse: (_request, proxied, response) => {
          // reply-from hands over the upstream response (node:http's IncomingMessage) beside its stream.
          const upstream = response as unknown as { headers: Record<string, unknown>; stream: Readable };
          // A deleted file's emptied blob (BlobStore.deleteFile) reads as the file it stands for: gone.
          if (upstream.headers[retiredMetadataHeader] !== 'true') return proxied.send(upstream.stream);
          upstream.stream.resume();
          for (const name of Object.keys(proxied.getHeaders())) proxied.removeHeader(name);
          return notFound(proxied as FastifyReply);
        },
      });
    },
  });
  app.all(`${blobProxyPrefix}/*`, (_request, reply) => notFound(reply));
};
