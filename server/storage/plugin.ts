import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startAzurite, type RunningAzurite } from './azurite';
import { blobProxy, proxiedAccountUrl } from './blob-proxy';
import type { RepeatingJob } from '../jobs/repeating';
import { accountUrl, openBlobStore, type BlobStore } from './blob-store';
import { recordRetiredKey } from './files-repository';
import { startStorageSweep } from './sweep';

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

// An emptied blob is noted in the database, where any instance's storage sweep finds it once its upload URL has expired.
const retiredIn = (app: FastifyInstance) => (fileKey: string, removeAfter: Date) => recordRetiredKey(app.db, fileKey, removeAfter);

function openAzure(app: FastifyInstance, connectionString: string): Promise<BlobStore> {
  const publicEndpoint = app.config.blobPublicUrl ?? accountUrl(connectionString);
  // Browsers upload straight to Azure, from the portal's origin.
  const corsOrigins = app.config.mode === 'production' ? [app.config.publicUrl] : ['*'];
  return openBlobStore(connectionString, { publicEndpoint: () => publicEndpoint, corsOrigins, onRetired: retiredIn(app) });
}

// Azurite listens on loopback only; browsers reach it through the portal's /blob proxy, from the same origin.
async function openEmbedded(app: FastifyInstance, starting: Promise<RunningAzurite>): Promise<BlobStore> {
  const azurite = await starting;
  return openBlobStore(azurite.connectionString, {
    publicEndpoint: () => proxiedAccountUrl(app.config.publicUrl, azurite.blobEndpoint),
    onRetired: retiredIn(app),
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
    let sweep: RepeatingJob | undefined;
    app.addHook('onReady', () => {
      sweep = startStorageSweep(app);
    });
    app.addHook('preClose', async () => sweep?.stop());
  },
  { name: 'storage', dependencies: ['db'] },
);
