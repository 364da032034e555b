/**
 * The portals the browser tests drive. CI runs two workers; each drives a portal of its own (its own
 * data folder) on E2E_PORT, E2E_PORT + 10, ..., so no spec sees another's changes. The deployed-name
 * portal is E2E_PORT + 1.
 */
export const firstPort = Number(process.env.E2E_PORT ?? 3100);
export const workers = Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1));
export const portalPorts = Array.from({ length: workers }, (_, index) => firstPort + 10 * index);
/** The portal reached by a name that is not loopback (playwright.config.ts's public-url project). */
export const deployedPort = firstPort + 1;
/** With TEST_DATABASE_URL (CI sets it), that portal runs on PostgreSQL, in a database made fresh for the run. */
export const deployedDatabase = process.env.TEST_DATABASE_URL
  ? Object.assign(new URL(process.env.TEST_DATABASE_URL), { pathname: `/portal_e2e_${deployedPort}` }).href
  : '';
