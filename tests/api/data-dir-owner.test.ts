import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDataDir, DataDirBusyError, lockFileName } from '../../server/data-dir/owner-lock';
import { companyBody } from '../support/company-body';
import { runCliProcess, spawnPortal, startPortal, type PortalProcess } from '../support/portal-process';
import { pgliteTemplate } from '../support/pglite-template';

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', AZURE_STORAGE_CONNECTION_STRING: '' });

describe('one owner of the embedded data folder', () => {
  it('refuses a second opener in the same process and takes over a lock left by a dead process', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    try {
      const lock = claimDataDir(dataDir);
      expect(() => claimDataDir(dataDir)).toThrow(DataDirBusyError);
      lock.release();
      const lockFile = path.join(dataDir, lockFileName);
      const deadPid = 4_194_304 + 7;
      writeFileSync(lockFile, JSON.stringify({ pid: deadPid }));
      const takenOver = claimDataDir(dataDir);
      expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
      takenOver.release();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the CLI beside a running portal on the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string;
  let portal: PortalProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-owner-'));
    cpSync(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
    portal = await startPortal(embedded(dataDir));
  });
  afterAll(async () => {
    await portal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('acts on the running portal’s own data: a super user added by the CLI can work at once', async () => {
    const added = await runCliProcess(['superuser', 'add', 'operator@example.com'], embedded(dataDir));
    expect(added).toMatchObject({ code: 0, stdout: 'operator@example.com is now a Super User\n' });
    const issued = await runCliProcess(['token', 'operator@example.com'], embedded(dataDir));
    expect(issued.code).toBe(0);
    const token = issued.stdout.trim();

    const profile = await fetch(`${portal.baseUrl}/api/profile`, { headers: json(token) });
    expect(profile.status).toBe(200);
    const created = await fetch(`${portal.baseUrl}/api/company`, { method: 'POST', headers: json(token), body: JSON.stringify(companyBody()) });
    expect(created.status).toBe(201);
    expect(portal.alive()).toBe(true);
  });

  it('refuses a second portal on the same data folder at once, saying what to do', async () => {
    const second = spawnPortal({ ...embedded(dataDir), PORT: '0' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another portal process (pid ${portal.child.pid})`);
    expect(second.output()).toContain('set DATA_DIR to another folder');
    expect((await fetch(`${portal.baseUrl}/api/health`)).status).toBe(200);
  });

  it('after the portal crashed, the CLI opens the folder itself and the portal starts again', async () => {
    portal.child.kill('SIGKILL');
    await portal.exited;
    expect(JSON.parse(readFileSync(path.join(dataDir, lockFileName), 'utf8')).pid).toBe(portal.child.pid);

    const added = await runCliProcess(['superuser', 'add', 'second@example.com'], embedded(dataDir));
    expect(added).toMatchObject({ code: 0, stdout: 'second@example.com is now a Super User\n' });
    portal = await startPortal(embedded(dataDir));
    const again = await runCliProcess(['superuser', 'add', 'second@example.com'], embedded(dataDir));
    expect(again).toMatchObject({ code: 0, stdout: 'second@example.com already is a Super User\n' });
  });
});
