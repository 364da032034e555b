import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swmsMessages, type Swms, type SwmsList } from '../../src/domain/swms';
import { seedDemo } from '../../server/seed/demo';
import { createTestApp, signedInAccount, type SignedInAccount, type TestApp } from './test-app';

const run = promisify(execFile);
let testApp: TestApp;
let admin: SignedInAccount;
let supervisor: SignedInAccount;
let auditor: SignedInAccount;
let stranger: SignedInAccount;
let workDir: string;
let swms: Swms;

const inject = (account: SignedInAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  testApp.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${account.token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The PDF's text as pdftotext reads it (poppler-utils). */
async function pdfText(bytes: Buffer, name: string): Promise<string> {
  const file = path.join(workDir, `${name}.pdf`);
  writeFileSync(file, bytes);
  await run('pdftotext', ['-layout', file, `${file}.txt`]);
  return readFileSync(`${file}.txt`, 'utf8');
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-pdf-'));
  testApp = await createTestApp();
  await seedDemo(testApp.app.db, testApp.app.storage);
  admin = await signedInAccount(testApp.app, 'admin@harbourbuild.demo');
  supervisor = await signedInAccount(testApp.app, 'supervisor@harbourbuild.demo');
  auditor = await signedInAccount(testApp.app, 'auditor@harbourbuild.demo');
  stranger = await signedInAccount(testApp.app, 'admin@ridgeline.demo');
  const waiting = (await inject(admin, 'GET', `/api/company/${admin.companyId}/swms?filter=status.string.forReview`)).json<SwmsList>();
  const id = waiting.items[0]?._id ?? '';
  expect((await inject(admin, 'PUT', `/api/company/${admin.companyId}/swms`, { swmsId: id, status: 'reviewed' })).statusCode).toBe(200);
  swms = (await inject(admin, 'GET', `/api/company/${admin.companyId}/swms/${id}`)).json<Swms>();
});
afterAll(async () => {
  await testApp.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('GET /api/company/:companyId/swms/:swmsId/pdf', () => {
  it('writes the whole SWMS as an A4 PDF: job, submitter, both review states, matrix and the last event’s hash', async () => {
    const response = await inject(supervisor, 'GET', `/api/company/${admin.companyId}/swms/${swms._id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="swms-.+\.pdf"$/);
    const bytes = response.rawPayload;
    writeFileSync(path.join(os.tmpdir(), 'portal-swms-sample.pdf'), bytes);
    const { stdout: info } = await run('pdfinfo', [path.join(os.tmpdir(), 'portal-swms-sample.pdf')]);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const text = await pdfText(bytes, 'one');
    expect(text).toContain('Safe Work Method Statement');
    expect(text).toMatch(/Safe Work Method Statement\s+Revision 1\s/);
    expect(text).toContain(`Job ${swms.site.siteNumber}`);
    expect(text).toContain(`${swms.createdUserDetails.firstName} ${swms.createdUserDetails.surname}`);
    expect(text).toMatch(/COMPANY ADMIN REVIEW\s+Reviewed by Olivia Bennett, /);
    // Issue 55 §3: a PDF has no viewer, so its times are on the site's clock (a Sydney postcode), named.
    expect(text).toMatch(/Reviewed by Olivia Bennett, \w+day, \d{1,2}(st|nd|rd|th) \w+ \d{4}, \d{2}:\d{2} AE[SD]T/);
    expect(text).toMatch(/generated \w+day, \d{1,2}(st|nd|rd|th) \w+ \d{4}, \d{2}:\d{2} AE[SD]T/);
    expect(text).toMatch(/SITE SUPERVISOR REVIEW\s+(For Review|Reviewed by \S+ \S+, )/);
    expect(text).toContain('Hash of the last event: ');
    expect(text).toMatch(new RegExp(`X ?${swms.riskOverallLevel}\\b`));
    const history = (await inject(admin, 'GET', `/api/company/${admin.companyId}/swms/${swms._id}/history`)).json<{ hash: string }[]>();
    expect(text.replace(/\s+/g, '')).toContain(history.at(-1)?.hash ?? 'missing');
  });

  it('answers another company’s SWMS as the SWMS page does', async () => {
    const response = await inject(stranger, 'GET', `/api/company/${stranger.companyId}/swms/${swms._id}/pdf`);
    expect(response.statusCode).toBe(403);
    expect(response.body).toBe(swmsMessages.notAuthorised);
  });
});

describe('POST /api/company/:id/swms/pdf', () => {
  it('puts the ticked SWMS in one PDF after a contents page, and lets an auditor take it away', async () => {
    const list = (await inject(admin, 'GET', `/api/company/${admin.companyId}/swms`)).json<SwmsList>();
    const ids = list.items.slice(0, 3).map((item) => item._id);
    const response = await inject(auditor, 'POST', `/api/company/${admin.companyId}/swms/pdf`, { swmsIds: ids });
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload, 'three');
    expect(text).toContain('Harbour Build Co: SWMS records');
    expect(text).toMatch(/1\. Job \S+ · .+ page 2/);
    expect(text.match(/Safe Work Method Statement/g)).toHaveLength(3);
  });

  it("prints when it was written on the viewer's clock: the zone the browser sends, else Sydney's", async () => {
    const ids = [swms._id];
    const url = `/api/company/${admin.companyId}/swms/pdf`;
    // The zone names of every 'generated …' line: the contents page's and each page's footer.
    const generated = (text: string) => new Set([...text.matchAll(/generated \w+day, \d{1,2}(?:st|nd|rd|th) \w+ \d{4}, \d{2}:\d{2} (\S+)/g)].map((match) => match[1]));
    const perth = await inject(admin, 'POST', url, { swmsIds: ids, timeZone: 'Australia/Perth' });
    expect(perth.statusCode, perth.body).toBe(200);
    expect(generated(await pdfText(perth.rawPayload, 'perth'))).toEqual(new Set(['AWST']));
    const utc = await inject(admin, 'POST', url, { swmsIds: ids, timeZone: 'UTC' });
    expect(generated(await pdfText(utc.rawPayload, 'utc'))).toEqual(new Set(['UTC']));
    const unsaid = await inject(admin, 'POST', url, { swmsIds: ids });
    expect([...generated(await pdfText(unsaid.rawPayload, 'unsaid'))]).toEqual([expect.stringMatching(/^AE[SD]T$/)]);
    for (const timeZone of ['Mars/Olympus_Mons', '+10:00', '', 'Australia/Perth; rm -rf /', 'x'.repeat(200), 42]) {
      const refused = await inject(admin, 'POST', url, { swmsIds: ids, timeZone });
      expect(refused.statusCode, String(timeZone)).toBe(400);
      expect(refused.body).toContain('Time zone: give an IANA time zone name, such as Australia/Perth');
    }
  });

  it('exports every SWMS the filtered list shows, less the unticked', async () => {
    const reviewed = (await inject(admin, 'GET', `/api/company/${admin.companyId}/swms?filter=status.string.reviewed&pageSize=100`)).json<SwmsList>();
    const response = await inject(admin, 'POST', `/api/company/${admin.companyId}/swms/pdf`, {
      matching: { filter: 'status.string.reviewed' },
      excludedIds: [reviewed.items[0]?._id],
    });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload, 'matching');
    expect(text.match(/Safe Work Method Statement/g)).toHaveLength(reviewed.total - 1);
  });

  it('answers bad bodies and foreign ids with 400 and a message, never 500', async () => {
    const url = `/api/company/${admin.companyId}/swms/pdf`;
    expect((await inject(admin, 'POST', url, {})).body).toBe(swmsMessages.exportTarget);
    expect((await inject(admin, 'POST', url, { swmsIds: [] })).body).toBe('SWMS ids: export from 1 to 1000 SWMS at a time');
    const foreign = (await inject(stranger, 'GET', `/api/company/${stranger.companyId}/swms`)).json<SwmsList>().items[0]?._id;
    const refused = await inject(admin, 'POST', url, { swmsIds: [swms._id, foreign] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe(swmsMessages.refused);
    expect((await inject(stranger, 'POST', url, { swmsIds: [swms._id] })).statusCode).toBe(403);
  });
});

describe('a submitter named in several scripts', () => {
  it('comes out of the SWMS PDF as written, not as WinAnsi mojibake', async () => {
    await testApp.app.db.updateTable('users').set({ first_name: 'Noa נועה', surname: 'Nguyễn 王伟 👷' }).where('id', '=', swms.createdUserDetails._id).execute();
    const response = await inject(admin, 'GET', `/api/company/${admin.companyId}/swms/${swms._id}/pdf`);
    expect(response.statusCode).toBe(200);
    const file = path.join(workDir, 'scripts.pdf');
    writeFileSync(file, response.rawPayload);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    // pdftotext wraps a right-to-left run in embedding marks and may move the space beside it.
    expect(stdout.replace(/[\u202A-\u202E\s]/g, '')).toContain('NoaנועהNguyễn王伟👷');
  });
});

describe('a SWMS with changes requested', () => {
  it("prints each flag's state with who asked and when, and every review comment in any script", async () => {
    const scripts = ['Ελληνικά', 'Кириллица', 'Nguyễn', '脚手架', 'סולם', '🦺'];
    const comment = `Name the spotter: ${scripts.join(' ')}`;
    const request = await inject(supervisor, 'PUT', `/api/company/${admin.companyId}/swms`, { swmsId: swms._id, status: 'changesRequested', comment, part: 'hazards' });
    expect(request.statusCode, request.body).toBe(200);
    const response = await inject(auditor, 'GET', `/api/company/${admin.companyId}/swms/${swms._id}/pdf`);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload, 'changes');
    expect(text).toMatch(/COMPANY ADMIN REVIEW\s+Reviewed by Olivia Bennett, /);
    expect(text).toMatch(/SITE SUPERVISOR REVIEW\s+Changes requested by Marcus Reid, \w+day, \d{1,2}(st|nd|rd|th) \w+ \d{4}, \d{2}:\d{2} AE[SD]T/);
    expect(text).toMatch(/REVIEW COMMENTS\s+Marcus Reid \(Supervisor\), \w+day, .+ · Revision 1 · About: Hazards/);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path.join(workDir, 'changes.pdf'), '-']);
    const flat = stdout.replace(/[\u202A-\u202E\s]/g, '');
    for (const word of ['Namethespotter:', ...scripts]) expect(flat, word).toContain(word);
  });

  it('prints in its header the revision the SWMS is at once its author revised it (issue 57)', async () => {
    const { app } = testApp;
    const author = await app.db.selectFrom('users').select('email').where('id', '=', swms.createdUserDetails._id).executeTakeFirstOrThrow();
    await app.db.insertInto('check_ins').values({ id: randomUUID(), site_id: swms.site._id, user_id: swms.createdUserDetails._id }).execute();
    const token = await app.auth.tokenForEmail(author.email);
    const revised = await app.inject({
      method: 'POST',
      url: `/api/site/${swms.site._id}/swms/${swms._id}/revisions`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        submissionId: randomUUID(),
        highRiskWork: ['a'],
        riskConsequenceLevel: 3,
        riskLikelihoodLevel: 2,
        task: {
          taskDescription: 'Revised: spotter named at the exclusion zone',
          mobilePlantTools: 'Ladder',
          riskText: 'Fall from height',
          riskPhoto: null,
          controlText: 'Edge protection',
          controlPhoto: null,
          controlImplementation: 'Installed before work starts',
          controlMonitoring: 'Daily inspection',
          controlReview: 'Weekly toolbox talk',
          ppe: ['hard_hat'],
          otherPpe: '',
        },
      },
    });
    expect(revised.statusCode, revised.body).toBe(201);
    const { revision } = revised.json<{ revision: number }>();
    expect(revision).toBeGreaterThan(1);
    const response = await inject(admin, 'GET', `/api/company/${admin.companyId}/swms/${swms._id}/pdf`);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload, 'revised');
    expect(text).toMatch(new RegExp(`Safe Work Method Statement\\s+Revision ${revision}\\s`));
    expect(text).toContain('Revised: spotter named at the exclusion zone');
    // The history's lines wrap at the page's width.
    expect(text.replace(/\s+/g, ' ')).toMatch(new RegExp(`sent revision ${revision} of SWMS .+: both reviews are back to For Review`));
  });
});
