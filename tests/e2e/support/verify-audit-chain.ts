import { execFileSync } from 'node:child_process';
import { scriptArguments } from '../../support/portal-process';
import { portalPorts } from './portals';

/**
 * Issue 9: after the browser tests have changed records every way the app allows, the audit chains
 * of the portals they ran against must still verify (through the running portal, or the data folder
 * once it has stopped).
 */
export default function verifyAuditChain(): void {
  for (const port of portalPorts) {
    const output = execFileSync(process.execPath, [...scriptArguments('cli'), 'audit', 'verify'], {
      env: { ...process.env, DATA_DIR: `.tmp/e2e-data-${port}`, DATABASE_URL: '', AZURE_STORAGE_CONNECTION_STRING: '' },
      encoding: 'utf8',
    });
    console.log(output.split('\n', 1)[0]);
  }
}
