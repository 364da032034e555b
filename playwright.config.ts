import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// A portal reached by a name that is not loopback, as behind a proxy or on a LAN: Chromium alone resolves it.
// Its port follows E2E_PORT (3101 by default) so runs on other ports do not share it.
const deployedPort = port + 1;
const deployed = { port: deployedPort, publicUrl: `http://portal.test:${deployedPort}`, hostRule: 'MAP portal.test 127.0.0.1' } as const;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: `.tmp/test-results-${port}`,
  globalTeardown: './tests/e2e/support/verify-audit-chain.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'chromium', testIgnore: 'deployment/**' },
    {
      name: 'public-url',
      testMatch: 'deployment/**/*.spec.ts',
      use: {
        baseURL: deployed.publicUrl,
        launchOptions: {
          executablePath: chromiumPath,
          args: [...chromiumFlags, `--host-resolver-rules=${deployed.hostRule}`],
        },
      },
    },
  ],
  webServer: [
    {
      command: `rm -rf .tmp/e2e-data-${port} && npm start`,
      url: `http://localhost:${port}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { PORT: String(port), DATA_DIR: `.tmp/e2e-data-${port}`, DIST_DIR: `.tmp/e2e-dist-${port}`, LOG_LEVEL: 'warn' },
    },
    {
      command: `rm -rf .tmp/e2e-data-${deployed.port} && npm start`,
      url: `http://127.0.0.1:${deployed.port}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(deployed.port),
        PUBLIC_URL: deployed.publicUrl,
        DATA_DIR: `.tmp/e2e-data-${deployed.port}`,
        DIST_DIR: `.tmp/e2e-dist-${deployed.port}`,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
