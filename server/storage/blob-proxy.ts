import fastifyReplyFrom from '@fastify/reply-from';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { containerName } from './blob-store';

const blobProxyPrefix = '/blob';

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');

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

  // Uploads are any type and size: their bytes stream on to Azurite unparsed and unbuffered.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.route<{ Params: { fileKey: string } }>({
    method: ['GET', 'HEAD', 'PUT', 'OPTIONS'],
    url: `${blobProxyPrefix}${containerPath}/:fileKey`,
    handler: (request, reply) => {
      if (!request.params.fileKey) return notFound(reply);
      const rawPath = request.url.split('?', 1)[0] ?? '';
      return reply.from(rawPath.slice(blobProxyPrefix.length));
    },
  });
  app.all(`${blobProxyPrefix}/*`, (_request, reply) => notFound(reply));
};
