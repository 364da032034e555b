import { defineConfig } from '@playwright/test';
import { deployedDatabase, deployedPort, firstPort as port, portalPorts, workers } from './tests/e2e/support/portals';

// The config is read again inside each worker, which knows its index: its specs use its own portal.
const workerPort = portalPorts[Number(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? port;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// A portal reached by a name that is not loopback, as behind a proxy or on a LAN: Chromium alone resolves it.
// Its port follows E2E_PORT (3101 by default) so runs on other ports do not share it; with TEST_DATABASE_URL (CI sets
// it) it runs on PostgreSQL (`deployedDatabase`).
const deployed = { port: deployedPort, publicUrl: `http://portal.test:${deployedPort}`, hostRule: 'MAP portal.test 127.0.0.1' } as const;

// The review digest's round is 30 s in service; here a test that waits for a digest waits 2 s at most for the round.
const quickDigests = { REVIEW_DIGEST_ROUND_SECONDS: '2' } as const;
// The portals serve one web build: the first to start makes it, the others wait for it (server/web-build.ts).
const sharedDist = `.tmp/e2e-dist-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Timeouts only stop a hung test: the suite asserts what the screens show, never how fast (speed is the bench's,
  // `npm run bench`). A shared 2-core machine runs the suite two to three times slower in some hours, and tests that
  // passed alone then ran past tighter timeouts.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: `.tmp/test-results-${port}`,
  globalTeardown: './tests/e2e/support/verify-audit-chain.ts',
  use: {
    baseURL: `http://localhost:${workerPort}`,
    // A trace records a screencast and a DOM snapshot at every action, for every test, to keep only a failure's. That
    // was a third of the suite's time here (the whole suite 15.6 min with traces, 10.8 min without, one hour apart),
    // and CI's clone is deleted after the run, so no one could open one. CI records none: to see a CI failure step by
    // step, run its spec again with `--trace on`. Elsewhere a failing test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A tradesperson's browser gets the portal's service worker (src/app/offline/sw.ts), which answers the code it keeps
    // itself, out of sight of page.route(): specs that hold or fail a file's request run without it. offline.spec.ts,
    // which tests the worker, allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  // The public-url project first: its long tradesperson loop then runs beside the chromium project's files, rather
  // than alone at the end while the other worker sits idle.
  projects: [
    {
      name: 'public-url',
      // The tradesperson's whole loop runs here too: beyond localhost, and on PostgreSQL in CI.
      testMatch: ['deployment/**/*.spec.ts', 'tradesperson.spec.ts'],
      use: {
        baseURL: deployed.publicUrl,
        launchOptions: {
          executablePath: chromiumPath,
          args: [...chromiumFlags, `--host-resolver-rules=${deployed.hostRule}`],
        },
      },
    },
    // The tradesperson's loop runs here as well: the model tests send their SWMS in a company of their own
    // (tests/e2e/model/model-company.ts), so the demo admin's review digest, at most one an hour, is still its to wait for.
    { name: 'chromium', testIgnore: ['deployment/**'] },
  ],
  webServer: [
    ...portalPorts.map((portalPort) => ({
      command: `rm -rf .tmp/e2e-data-${portalPort} && node --import tsx tests/e2e/support/embedded-from-template.ts && npm start`,
      url: `http://localhost:${portalPort}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: { PORT: String(portalPort), DATA_DIR: `.tmp/e2e-data-${portalPort}`, DIST_DIR: sharedDist, LOG_LEVEL: 'warn', ...quickDigests },
    })),
    {
      command: `rm -rf .tmp/e2e-data-${deployed.port} && node --import tsx tests/e2e/support/${deployedDatabase ? 'fresh-database' : 'embedded-from-template'}.ts && npm start`,
      url: `http://127.0.0.1:${deployed.port}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(deployed.port),
        PUBLIC_URL: deployed.publicUrl,
        DATABASE_URL: deployedDatabase,
        DATA_DIR: `.tmp/e2e-data-${deployed.port}`,
        DIST_DIR: sharedDist,
        LOG_LEVEL: 'warn',
        ...quickDigests,
      },
    },
  ],
});
