import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startAzurite, type RunningAzurite } from './azurite';
import { blobProxy, proxiedAccountUrl } from './blob-proxy';
import { accountUrl, openBlobStore, type BlobStore } from './blob-store';

declare module 'fastify' {
  interface FastifyInstance {
    storage: BlobStore;
  }
}

export interface StoragePluginOptions {
  /** Azure Blob Storage; when absent, Azurite is started with its data under `dataDir`. */
  readonly connectionString?: string | undefined;
  readonly dataDir: string;
  /** Azurite already starting (the app starts it beside the database to save time); else started here. */
  readonly azurite?: Promise<RunningAzurite> | undefined;
}

function openAzure(app: FastifyInstance, connectionString: string): Promise<BlobStore> {
  const publicEndpoint = app.config.blobPublicUrl ?? accountUrl(connectionString);
  // Browsers upload straight to Azure, from the portal's origin.
  const corsOrigins = app.config.mode === 'production' ? [app.config.publicUrl] : ['*'];
  return openBlobStore(connectionString, { publicEndpoint: () => publicEndpoint, corsOrigins });
}

// Azurite listens on loopback only; browsers reach it through the portal's /blob proxy, from the same origin.
async function openEmbedded(app: FastifyInstance, starting: Promise<RunningAzurite>): Promise<BlobStore> {
  const azurite = await starting;
  return openBlobStore(azurite.connectionString, {
    publicEndpoint: () => proxiedAccountUrl(app.config.publicUrl, azurite.blobEndpoint),
    onClose: azurite.stop,
  }).catch(async (error: unknown) => {
    await azurite.stop();
    throw error;
  });
}

export const storagePlugin = fp<StoragePluginOptions>(
  async (app, options) => {
    const store = options.connectionString ? await openAzure(app, options.connectionString) : await openEmbedded(app, options.azurite ?? startAzurite(options.dataDir));
    app.decorate('storage', store);
    app.addHook('onClose', () => store.close());
    if (!options.connectionString) await app.register(blobProxy, { accountUrl: store.serviceUrl });
  },
  { name: 'storage' },
);
