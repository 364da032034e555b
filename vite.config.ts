import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer, type Plugin, type Rollup } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { checkInPageFile, drawnPageId, type CheckInPageCopies, type JobNumberCopies } from './src/domain/check-in-page.ts';
import { loginPageFile } from './src/domain/login-page.ts';
import { SlowFirstSequencer } from './tests/support/slow-first-sequencer.ts';

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
        // The copies of index.html get their CSP nonce on each response, so they are sent as they are.
        if (!compressible.test(fileName) || fileName === loginPageFile || fileName === checkInPageFile) continue;
        const file = path.join(outDir, fileName);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** A module of the app loaded for rendering at build time (a Vite server-side load), for as long as `render` runs. */
async function withAppModule<M, R>(modulePath: string, render: (module: M) => R): Promise<R> {
  const server = await createServer({ configFile: false, logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false }, plugins: [react()] });
  try {
    return render((await server.ssrLoadModule(modulePath)) as M);
  } finally {
    await server.close();
  }
}

const emptyRoot = '<div id="root"></div>';

/** index.html as Vite's own HTML plugin wrote it into the bundle, checked to have what a page is drawn into. */
function builtIndexHtml(bundle: Rollup.OutputBundle, page: string): string {
  const index = bundle['index.html'];
  if (index?.type !== 'asset') throw new Error(`The build wrote no index.html to draw ${page} into`);
  const html = String(index.source);
  if (!html.includes(emptyRoot) || !html.includes('  </head>')) throw new Error(`index.html has no ${emptyRoot} or </head> to draw ${page} into`);
  return html;
}

/** The page titled as the app titles the screen drawn into it. */
const titled = (html: string, title: string) => html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);

/**
 * A build step that draws `page` into index.html once Vite's own HTML plugin has written it into the bundle, and writes
 * what `draw` makes of it as `fileName`.
 */
function drawnPage(name: string, page: string, fileName: string, draw: (html: string, bundle: Rollup.OutputBundle) => Promise<string>): Plugin {
  return {
    name,
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        this.emitFile({ type: 'asset', fileName, source: await draw(builtIndexHtml(bundle, page), bundle) });
      },
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
  return drawnPage('draw-login-page', 'the login page', loginPageFile, (html) =>
    withAppModule('/src/features/auth/login-page-markup.tsx', (drawn: { loginPageMarkup: () => string; loginPageTitle: () => string }) =>
      titled(html, drawn.loginPageTitle()).replace(emptyRoot, `<div id="root">${drawn.loginPageMarkup()}</div>`),
    ),
  );
}

interface ClosureOptions {
  /** Whether the chunks it loads on demand count too. */
  readonly onDemand?: boolean;
  /** Whether a chunk reached counts (and what it loads): all do, unless said otherwise. */
  readonly enters?: (chunk: Rollup.OutputChunk) => boolean;
}

/** The chunks a chunk loads: by default the files it needs before it runs, itself and its static imports, all the way down. */
function chunkClosure(bundle: Rollup.OutputBundle, fileName: string, options: ClosureOptions = {}, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk' || options.enters?.(chunk) === false) return into;
  into.add(fileName);
  for (const imported of [...chunk.imports, ...(options.onDemand ? chunk.dynamicImports : [])]) chunkClosure(bundle, imported, options, into);
  return into;
}

/**
 * Issue 11: the check-in page a poster's QR code opens, drawn into copies of index.html (`checkInPageFile`,
 * src/domain/check-in-page.ts) with markers for its site's fields, which the portal fills in: titled as the app titles
 * that page, and linking the styles of its code (which the router loads on demand), so it looks as the app's page will
 * before the app's code has arrived, and for a returning visitor that code itself, so it arrives with the entry. The
 * markup is the app's own (check-in-drawn.tsx), rendered by a Vite server-side load.
 */
function drawCheckInPage(): Plugin {
  // The check-in page's module, which the router loads on demand (src/app/router.tsx): its chunk's styles are linked.
  const checkInPageModule = 'src/features/check-in/check-in-page.tsx';
  return drawnPage('draw-check-in-page', 'the check-in page', checkInPageFile, async (html, bundle) => {
    const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
    const page = chunks.find((chunk) => chunk.facadeModuleId === path.resolve(checkInPageModule));
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (!page || !entry) throw new Error(`The build has no chunk for ${checkInPageModule}, or no entry`);
    const inEntry = chunkClosure(bundle, entry.fileName);
    const pageCode = [...chunkClosure(bundle, page.fileName)].filter((fileName) => !inEntry.has(fileName));
    const styles = new Set(pageCode.flatMap((fileName) => [...((bundle[fileName] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])]));
    if (styles.size === 0) throw new Error(`The build found no styles for ${checkInPageModule}`);
    const styleLinks = [...styles].map((fileName) => `    <link rel="stylesheet" crossorigin href="/${fileName}">\n`).join('');
    // A returning visitor's copy asks for the page's code with the entry's, not once the entry has run and the router
    // has asked for it: on the throttled phone, a tradesperson's Check in button came 0.45 s sooner. A signed-out
    // visitor's does not: its drawn sign-in already works, and those thirty-odd requests held its first paint back
    // by about 0.1 s (issue 11).
    const codeLinks = pageCode.map((fileName) => `    <link rel="modulepreload" crossorigin href="/${fileName}">\n`).join('');
    const copies = await withAppModule('/src/features/check-in/check-in-drawn.tsx', (drawn: { checkInDrawnMarkup: () => CheckInPageCopies; checkInPageTitle: () => string }): CheckInPageCopies => {
      const markup = drawn.checkInDrawnMarkup();
      const pagesWith = (copies: JobNumberCopies, links: string): JobNumberCopies => {
        const shell = titled(html, drawn.checkInPageTitle()).replace('  </head>', `${links}  </head>`);
        const pageWith = (drawnPage: string) => shell.replace(emptyRoot, `<div id="${drawnPageId}">${drawnPage}</div>${emptyRoot}`);
        return { withJobNumber: pageWith(copies.withJobNumber), withoutJobNumber: pageWith(copies.withoutJobNumber) };
      };
      return {
        signedOut: pagesWith(markup.signedOut, styleLinks),
        returning: pagesWith(markup.returning, `${styleLinks}${codeLinks}`),
        siteClosed: pagesWith(markup.siteClosed, styleLinks),
        notices: markup.notices,
      };
    });
    return JSON.stringify(copies);
  });
}

/** The tradesperson's screens (issue 55 §4), which open with no signal once visited: home, profile, builder, check-in page. */
const offlineScreens = [
  'src/features/trades/tradesperson-page.tsx',
  'src/features/trades/edit-trades-profile-page.tsx',
  'src/features/swms-builder/swms-builder-page.tsx',
  'src/features/check-in/check-in-page.tsx',
].map((module) => path.resolve(module));

/** A screen of the router (src/app/router.tsx, signed-in-routes.tsx): each loaded on demand, in a chunk of its own. */
const isScreen = (moduleId: string | null) => moduleId !== null && /\/src\/features\/.+-page\.tsx$/.test(moduleId);

/**
 * The files the app needs to run the tradesperson's screens: the entry, everything it and those screens load, at once
 * or on demand (the outbox, the toaster, dialogs, photo resizing, uploads), with their styles and images, but no other
 * screen, nor what only another screen loads (the workflow diagrams' layout engine, 1.6 MB).
 */
function offlineFiles(bundle: Rollup.OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry');
  const code = chunkClosure(bundle, entry.fileName, {
    onDemand: true,
    enters: (chunk) => !isScreen(chunk.facadeModuleId) || offlineScreens.includes(chunk.facadeModuleId ?? ''),
  });
  const missing = offlineScreens.filter((screen) => !chunks.some((chunk) => chunk.facadeModuleId === screen && code.has(chunk.fileName)));
  if (missing.length > 0) throw new Error(`The build reached no chunk for ${missing.join(', ')}`);
  const assets = [...code].flatMap((fileName) => {
    const metadata = (bundle[fileName] as Rollup.OutputChunk).viteMetadata;
    return [...(metadata?.importedCss ?? []), ...(metadata?.importedAssets ?? [])];
  });
  return new Set([...code, ...assets]);
}

/** Linked from index.html, so that a phone can add the portal to its home screen (icons drawn from src/ui/logo.svg). */
const webAppManifestFile = 'manifest.webmanifest';
const webAppManifest = {
  name: 'SiteSafe Portal',
  short_name: 'SiteSafe',
  description: pkg.description,
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#13294b',
  background_color: '#ffffff',
  icons: [
    { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * Issue 55 §4: a service worker (src/app/offline/sw.ts) that keeps the app's shell and the tradesperson's screens'
 * code on the phone, and a web app manifest so a phone can add the portal to its home screen. Workbox writes the list
 * of files to keep into the worker (vite-plugin-pwa's injectManifest); the app registers it (register-service-worker.ts).
 */
function offlineScreensWorker(): Plugin[] {
  let kept: Set<string> | undefined;
  const recordKept: Plugin = {
    name: 'offline-screens-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      kept = offlineFiles(bundle);
      this.emitFile({ type: 'asset', fileName: webAppManifestFile, source: JSON.stringify(webAppManifest) });
    },
  };
  return [
    recordKept,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app/offline',
      filename: 'sw.ts',
      injectRegister: false,
      // The manifest is index.html's own link and this build's file (`webAppManifest`), so the pages drawn from index.html link it too.
      manifest: false,
      injectManifest: {
        // The plain page only: the login page's and the check-in page's copies are never sent as files (server/app.ts).
        globPatterns: ['index.html', webAppManifestFile, 'icons/*.png', 'assets/*.{js,css,svg,png,woff2}'],
        manifestTransforms: [
          (entries) => {
            if (!kept) throw new Error('The files the offline screens need were not worked out before the service worker was built');
            const files = kept;
            return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || files.has(entry.url)), warnings: [] };
          },
        ],
      },
    }),
  ];
}

export default defineConfig({
  plugins: [react(), precompressAssets(), drawLoginPage(), drawCheckInPage(), ...offlineScreensWorker()],
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
        codeSplitting: {
          groups: [
            // The modules the first screen needs arrive as one file.
            { name: 'first-screen', tags: ['$initial'] },
            // The app's own modules that eight or more lazily loaded chunks share arrive in two files: its data layer
            // (the domain's schemas, fields and messages, the API client, the machines' helpers, with what they import)
            // and its shared UI (icons, page frames, fields). Left to itself the build split them by which screens
            // share them, into dozens of files of a few hundred bytes each, queued on a phone's six HTTP/1.1
            // connections at 150 ms a round trip; as two files the same bytes take about half the requests, and a
            // screen on the throttled phone shows sooner (issue 11).
            // The UI has a file of its own so that code loaded after a screen (the toaster, the dialog) does not
            // bring the data layer with it.
            { name: 'common', minShareCount: 8, test: /\/src\/(domain|api)\/|\/machines\// },
            { name: 'common-ui', minShareCount: 8, test: /\/src\/ui\// },
          ],
        },
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
    // Workers take files from one queue: the slowest go first, so the run does not end on one of them alone.
    sequence: { sequencer: SlowFirstSequencer },
  },
});
