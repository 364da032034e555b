import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { loginPageFile } from './src/domain/login-page.ts';

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
        // The login page's copy of index.html gets its CSP nonce on each response, so it is sent as it is.
        if (!compressible.test(fileName) || fileName === loginPageFile) continue;
        const file = path.join(outDir, fileName);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Issue 11: the login page drawn into a copy of index.html (`loginPageFile`), which the portal sends a
 * signed-out visitor's `GET /` (server/http/spa-index.ts): it shows as the HTML and CSS arrive, not once
 * the app's code has run, and its buttons submit a form to the sign-in's start until the app takes over.
 * The markup is the app's own LoginView, rendered by a Vite server-side load of login-page-markup.tsx.
 */
function drawLoginPage(): Plugin {
  return {
    name: 'draw-login-page',
    apply: 'build',
    // After Vite's own HTML plugin has written index.html into the bundle.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('The build wrote no index.html to draw the login page into');
        const emptyRoot = '<div id="root"></div>';
        const html = String(index.source);
        if (!html.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot} to draw the login page into`);
        const server = await createServer({ configFile: false, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false }, plugins: [react()] });
        try {
          const drawn = (await server.ssrLoadModule('/src/features/auth/login-page-markup.tsx')) as { loginPageMarkup: () => string; loginPageTitle: () => string };
          const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${drawn.loginPageTitle()}</title>`);
          this.emitFile({ type: 'asset', fileName: loginPageFile, source: titled.replace(emptyRoot, `<div id="root">${drawn.loginPageMarkup()}</div>`) });
        } finally {
          await server.close();
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompressAssets(), drawLoginPage()],
  css: {
    postcss: {
      plugins: [
        {
          // Spec §1: the theme follows the system until the user picks one, and the app writes it as data-theme
          // on <html> as it starts. Before that (the login page drawn in, above) the page has no data-theme, so
          // the dark palette (theme.css) is given to a dark system then too, rather than light, then dark.
          postcssPlugin: 'system-dark-before-start',
          Once(root, { AtRule }) {
            root.walkRules(":root[data-theme='dark']", (rule) => {
              rule.after(new AtRule({ name: 'media', params: '(prefers-color-scheme: dark)', nodes: [rule.clone({ selector: ':root:not([data-theme])' })] }));
            });
          },
        },
      ],
    },
  },
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
