import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };

const apiTarget = process.env.API_ORIGIN ?? 'http://127.0.0.1:3001';

/**
 * Issue 11: every text asset of the build is written again as .br and .gz beside it, once, at the
 * highest levels, so the server sends the smallest encoding the browser accepts without compressing
 * per request (@fastify/static preCompressed).
 */
function precompressAssets(): Plugin {
  const compressible = /\.(js|css|html|svg|json|wasm)$/;
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompressAssets()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/oidc': apiTarget, '/dev': apiTarget, '/blob': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the portal supports preloads modules itself (issue 11: the login page carries no polyfill).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The modules the first screen needs arrive as one file; routes still share the rest chunk by chunk.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    include: ['tests/{unit,machines,api}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time (one per core): each API test builds its own app on its own database.
    fileParallelism: true,
    maxWorkers: 2,
    // One module graph per worker, not per file: importing the server and effect again for each of the
    // 105 files cost about 100 s of a 5.3 min run (3.7 min without). Each file still builds its own app
    // on its own database; the few that fake timers or spy restore them.
    isolate: false,
  },
});
