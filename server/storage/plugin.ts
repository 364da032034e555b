import fp from 'fastify-plugin';
import { startAzurite } from './azurite';
import { openBlobStore, type BlobStore } from './blob-store';

declare module 'fastify' {
  interface FastifyInstance {
    storage: BlobStore;
  }
}

export interface StoragePluginOptions {
  /** Azure Blob Storage; when absent, Azurite is started with its data under `dataDir`. */
  readonly connectionString?: string | undefined;
  readonly dataDir: string;
}

async function blobService(options: StoragePluginOptions): Promise<{ connectionString: string; stop?: () => Promise<void> }> {
  if (options.connectionString) return { connectionString: options.connectionString };
  return startAzurite(options.dataDir);
}

export const storagePlugin = fp<StoragePluginOptions>(
  async (app, options) => {
    const corsOrigins = app.config.mode === 'production' ? [app.config.publicUrl] : ['*'];
    const { connectionString, stop } = await blobService(options);
    const store = await openBlobStore(connectionString, { corsOrigins, onClose: stop }).catch(async (error: unknown) => {
      await stop?.();
      throw error;
    });
    app.decorate('storage', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'storage' },
);
