import { runCliProcess } from '../../support/portal-process';
import { portalPorts } from './portals';

/**
 * Issue 9: after the browser tests have changed records every way the app allows, the audit chains
 * of the portals they ran against must still verify (through the running portal, or the data folder
 * once it has stopped).
 */
export default async function verifyAuditChain(): Promise<void> {
  for (const port of portalPorts) {
    const { code, stdout, stderr } = await runCliProcess(['audit', 'verify'], { DATA_DIR: `.tmp/e2e-data-${port}` });
    if (code !== 0) throw new Error(`The audit chain of the portal on port ${port} did not verify (exit ${code}):\n${stdout}${stderr}`);
    console.log(stdout.split('\n', 1)[0]);
  }
}
