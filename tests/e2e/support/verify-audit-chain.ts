import { runCliProcess } from '../../support/portal-process';
import { deployedDatabase, deployedPort, portalPorts } from './portals';

/**
 * Issue 9: after the browser tests have changed records every way the app allows, the audit chains
 * of the portals they ran against must still verify (through the running portal, or the data folder
 * once it has stopped), the public-url portal's too where it ran on PostgreSQL (its database).
 */
export default async function verifyAuditChain(): Promise<void> {
  const portals = [
    ...portalPorts.map((port) => ({ port, env: { DATA_DIR: `.tmp/e2e-data-${port}` } })),
    ...(deployedDatabase ? [{ port: deployedPort, env: { DATABASE_URL: deployedDatabase } }] : []),
  ];
  for (const { port, env } of portals) {
    const { code, stdout, stderr } = await runCliProcess(['audit', 'verify'], env);
    if (code !== 0) throw new Error(`The audit chain of the portal on port ${port} did not verify (exit ${code}):\n${stdout}${stderr}`);
    console.log(stdout.split('\n', 1)[0]);
  }
}
