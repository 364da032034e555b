import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditorReadOnly } from '../../src/domain/roles';
import { swmsMessages } from '../../src/domain/swms';
import { maxDrawnSignatureBytes, siteSignOnPath, swmsSignOnMessages } from '../../src/domain/swms-signon';
import { listMessages } from '../../server/mail/mailbox';
import { encodePng } from '../../server/seed/png';
import { describeOnPostgres } from '../support/on-postgres';
import { drawnSignature, jpegFile } from '../support/upload-fixtures';
import { answer } from './calls';
import { mailQueueSettled } from './mail-deliveries';
import { drawn, newWorker, signOnCalls, signOnUrl, signOnWorld, typed, type SignOnWorld, type Worker } from './signon-fixtures';
import { listenLive, pdfText } from './site-visit-fixtures';
import { createTestAppOn } from './test-app';

const run = promisify(execFile);
const publicUrl = 'https://portal.example.test';
const migration045 = readFileSync(new URL('../../server/db/migrations/045_swms_signons.sql', import.meta.url), 'utf8');

const pngDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

function signOnsOn(embedded: boolean) {
  let world: SignOnWorld;
  let close: () => Promise<void>;
  let workDir: string;
  const api = signOnCalls(() => world);
  /** Workers who signed revision 1 of the world's SWMS, in the order they signed. */
  const signers: Worker[] = [];

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-signons-'));
    const test = await createTestAppOn(embedded, { publicUrl });
    close = test.close;
    world = await signOnWorld(test.app);
  }, 180_000);
  afterAll(async () => {
    await close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const signOnRows = (swmsId = world.swmsId) =>
    world.app.db.selectFrom('swms_signons').select(['user_id', 'revision', 'signature_kind', 'signature', 'site_id', 'company_id']).where('swms_id', '=', swmsId).orderBy('signed_at').execute();

  it('writes an authored sign-on for every revision the migration finds, and for each revision stored after', async () => {
    const { app } = world;
    const unmatched = (db: typeof app.db) => sql<{ revisions: number; unmatched: number }>`
      SELECT count(*)::int AS revisions,
        count(*) FILTER (WHERE NOT EXISTS (
          SELECT 1 FROM swms_signons g WHERE g.swms_id = r.swms_id AND g.revision = r.revision AND g.user_id = r.created_by
            AND g.signature_kind = 'authored' AND g.signature IS NULL AND g.signed_at = r.created_at
            AND g.site_id = r.site_id AND g.company_id = r.company_id))::int AS unmatched
      FROM swms_revisions r`.execute(db);
    const now = (await unmatched(app.db)).rows[0]!;
    expect(now.revisions).toBeGreaterThan(10);
    expect(now.unmatched).toBe(0);

    // The migration itself on the demo data as migration 044 left it, undone after.
    const undo = new Error('undo');
    let backfilled: { revisions: number; unmatched: number } | undefined;
    await app.db
      .transaction()
      .execute(async (trx) => {
        await sql`DROP TRIGGER swms_revisions_authored ON swms_revisions`.execute(trx);
        await sql`DROP TABLE swms_signons`.execute(trx);
        await sql.raw(migration045).execute(trx);
        backfilled = (await unmatched(trx)).rows[0];
        const kinds = await sql<{ kind: string }>`SELECT DISTINCT signature_kind AS kind FROM swms_signons`.execute(trx);
        expect(kinds.rows).toEqual([{ kind: 'authored' }]);
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
    expect(backfilled).toEqual(now);
  });

  it("counts the author's submission as their sign-on: current on their phone, 'authored' in the SWMS's sign-ons", async () => {
    const { author, admin } = world;
    const mine = (await api.toSign(author)).items.find((item) => item.swmsId === world.swmsId);
    expect(mine).toMatchObject({ revision: 1, state: 'current', signedRevision: 1, author: { _id: author.id, firstName: author.firstName, surname: author.surname } });
    expect(mine?.signedAt).toBe(mine?.createdAt);
    const read = await api.signOns(admin);
    expect(read).toEqual({
      revision: 1,
      items: [{ worker: { _id: author.id, firstName: author.firstName, surname: author.surname }, revision: 1, signedAt: mine?.signedAt, state: 'current', signature: { kind: 'authored' } }],
    });
    // The author signing again answers their authored sign-on.
    const again = await api.signOn(author, typed('Kai Author'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ swmsId: world.swmsId, revision: 1, signedAt: mine?.signedAt });
  });

  it('lets a worker checked in at the site sign on with a drawn signature: 201, current, audited and announced; again answers 200', async () => {
    const { app, admin } = world;
    const worker = await newWorker(app, world.siteId);
    const before = await api.toSign(worker);
    expect(before.site).toMatchObject({ _id: world.siteId, address: '8 Sign St, Parramatta 2150', timeZone: 'Australia/Sydney' });
    expect(before.items.find((item) => item.swmsId === world.swmsId)).toMatchObject({ state: 'missing', signedRevision: null, signedAt: null });

    const live = listenLive(app, admin.companyId);
    const image = drawnSignature(3);
    const response = await api.signOn(worker, { revision: 1, signature: { kind: 'drawn', image }, confirmed: true });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<{ swmsId: string; revision: number; signedAt: string }>();
    expect(result).toMatchObject({ swmsId: world.swmsId, revision: 1 });
    expect(Math.abs(Date.parse(result.signedAt) - Date.now())).toBeLessThan(60_000);
    await expect.poll(() => live.count('signons')).toBeGreaterThan(0);
    live.stop();
    signers.push(worker);

    const after = (await api.toSign(worker)).items.find((item) => item.swmsId === world.swmsId);
    expect(after).toMatchObject({ state: 'current', signedRevision: 1, signedAt: result.signedAt });
    const stored = (await signOnRows()).filter((row) => row.user_id === worker.id);
    expect(stored).toEqual([{ user_id: worker.id, revision: 1, signature_kind: 'drawn', signature: image, site_id: world.siteId, company_id: admin.companyId }]);
    const events = await app.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'entity', 'entity_id', 'detail', 'company_id', 'target_label'])
      .where('action', '=', 'swms.signedOn')
      .where('actor_user_id', '=', worker.id)
      .execute();
    expect(events).toHaveLength(1);
    const signOnId = await app.db.selectFrom('swms_signons').select('id').where('user_id', '=', worker.id).executeTakeFirstOrThrow();
    expect(events[0]).toMatchObject({
      entity: 'swms_signon',
      entity_id: signOnId.id,
      company_id: admin.companyId,
      detail: { swmsId: world.swmsId, siteId: world.siteId, revision: 1, signature: 'drawn' },
    });
    expect(events[0]?.target_label).toMatch(/^SO-.+ \/ Install the level 2 sub-board$/);
    // The SWMS's own history keeps to its workflow, however many sign on.
    const history = await api.send('GET', `/api/company/${admin.companyId}/swms/${world.swmsId}/history`, admin.token);
    expect(history.json<{ action: string }[]>().map((event) => event.action)).toEqual(['swms.submitted']);

    // Signing the same revision again (the phone's outbox resending) answers the stored sign-on and stores nothing more.
    const again = await api.signOn(worker, typed('Kai Again'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(result);
    expect((await signOnRows()).filter((row) => row.user_id === worker.id)).toHaveLength(1);
    expect(await app.db.selectFrom('audit_events').select('id').where('action', '=', 'swms.signedOn').where('actor_user_id', '=', worker.id).execute()).toHaveLength(1);
  });

  it('stores a typed signature as the name typed, trimmed', async () => {
    const worker = await newWorker(world.app, world.siteId);
    const response = await api.signOn(worker, typed('  Kai Signer Typed  '));
    expect(response.statusCode, response.body).toBe(201);
    signers.push(worker);
    expect((await signOnRows()).find((row) => row.user_id === worker.id)).toMatchObject({ signature_kind: 'typed', signature: 'Kai Signer Typed' });
  });

  it('refuses a bad body with 400 and a message naming what to fix, storing nothing', async () => {
    const worker = await newWorker(world.app, world.siteId);
    const tooBig = Buffer.concat([encodePng(4, 4, () => [0, 0, 0, 255]), Buffer.alloc(maxDrawnSignatureBytes)]);
    const justFits = encodePng(4, 4, () => [0, 0, 0, 255]);
    const signature = (image: string) => ({ revision: 1, signature: { kind: 'drawn', image }, confirmed: true });
    const cases: [unknown, string][] = [
      [signature(`data:image/png;base64,${jpegFile().toString('base64')}`), swmsSignOnMessages.drawnSignature],
      [signature(`data:image/jpeg;base64,${justFits.toString('base64')}`), swmsSignOnMessages.drawnSignature],
      [signature(pngDataUrl(tooBig)), swmsSignOnMessages.drawnSignature],
      [signature('data:image/png;base64,not base64!'), swmsSignOnMessages.drawnSignature],
      [signature(justFits.toString('base64')), swmsSignOnMessages.drawnSignature],
      [signature(''), swmsSignOnMessages.drawnSignature],
      [{ revision: 1, signature: { kind: 'drawn', image: 7 }, confirmed: true }, swmsSignOnMessages.drawnSignature],
      [{ ...typed('Kai'), confirmed: false }, `Confirmation: ${swmsSignOnMessages.confirm.charAt(0).toLowerCase()}${swmsSignOnMessages.confirm.slice(1)}`],
      [{ revision: 1, signature: { kind: 'typed', name: 'Kai' } }, 'Confirmation: this field is required'],
      [{ signature: { kind: 'typed', name: 'Kai' }, confirmed: true }, 'Revision: this field is required'],
      [{ ...typed('Kai'), revision: 0 }, swmsSignOnMessages.revision],
      [{ ...typed('Kai'), revision: 1.5 }, swmsSignOnMessages.revision],
      [{ ...typed('Kai'), revision: '1' }, 'Revision: must be a number'],
      [typed('   '), `Signature: ${swmsSignOnMessages.signature.charAt(0).toLowerCase()}${swmsSignOnMessages.signature.slice(1)}`],
      [{ revision: 1, signature: { kind: 'pencil' }, confirmed: true }, 'Signature: sign with your finger, or type your full name'],
      [{ revision: 1, confirmed: true }, 'Signature: this field is required'],
      [null, 'The request body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const response = await api.signOn(worker, body);
      expect(answer(response), JSON.stringify(body).slice(0, 120)).toEqual({ statusCode: 400, body: message });
    }
    // The largest PNG allowed is taken.
    const padded = Buffer.concat([justFits, Buffer.alloc(maxDrawnSignatureBytes - justFits.length)]);
    expect((await signOnRows()).filter((row) => row.user_id === worker.id)).toEqual([]);
    const accepted = await api.signOn(worker, signature(pngDataUrl(padded)));
    expect(accepted.statusCode, accepted.body).toBe(201);
    signers.push(worker);
  });

  it('lets only a tradesperson checked in at the site today sign on to one of its SWMS', async () => {
    const { app, admin, auditor, author } = world;
    const notCheckedIn = { statusCode: 403, body: swmsSignOnMessages.notCheckedIn };
    expect(answer(await api.signOn(admin, typed('Ada')))).toEqual({ statusCode: 403, body: swmsSignOnMessages.tradesOnly });
    // An auditor reads sign-ons and makes none.
    expect(answer(await api.signOn(auditor, typed('Grace')))).toEqual({ statusCode: 403, body: auditorReadOnly });
    expect((await api.send('POST', signOnUrl(world.siteId, world.swmsId), undefined, typed('Nobody'))).statusCode).toBe(401);

    const away = await newWorker(app, null);
    expect(answer(await api.signOn(away, typed('Kai')))).toEqual(notCheckedIn);
    expect(answer(await api.send('GET', `/api/site/${world.siteId}/signons`, away.token))).toEqual(notCheckedIn);
    const elsewhere = await newWorker(app, world.otherSiteId);
    expect(answer(await api.signOn(elsewhere, typed('Kai')))).toEqual(notCheckedIn);
    expect(answer(await api.signOn(elsewhere, typed('Kai'), world.swmsId, randomUUID()))).toEqual(notCheckedIn);
    expect(answer(await api.signOn(elsewhere, typed('Kai'), world.swmsId, 'not-a-site'))).toEqual(notCheckedIn);
    const yesterday = await newWorker(app, world.siteId, { minutesAgo: 30 * 60, checkedOutMinutesAgo: 24 * 60 });
    expect(answer(await api.signOn(yesterday, typed('Kai')))).toEqual(notCheckedIn);

    // Checked in here: a SWMS of another site, an unknown one and a malformed id are not this site's.
    const here = await newWorker(app, world.siteId);
    const otherSwms = await app.db.selectFrom('swms').select('id').where('site_id', '=', world.otherSiteId).executeTakeFirstOrThrow();
    const notHere = { statusCode: 404, body: swmsSignOnMessages.notFound };
    expect(answer(await api.signOn(here, typed('Kai'), otherSwms.id))).toEqual(notHere);
    expect(answer(await api.signOn(here, typed('Kai'), randomUUID()))).toEqual(notHere);
    expect(answer(await api.signOn(here, typed('Kai'), 'not-a-swms'))).toEqual(notHere);
    // An earlier check-in today counts, as it does for a submission.
    const left = await newWorker(app, world.siteId, { minutesAgo: 20, checkedOutMinutesAgo: 5 });
    expect((await api.signOn(left, typed('Kai Left'))).statusCode).toBe(201);
    signers.push(left);
    expect((await api.toSign(left)).items.some((item) => item.swmsId === world.swmsId)).toBe(true);
    expect((await api.toSign(author)).items.every((item) => item.swmsId !== otherSwms.id)).toBe(true);
  });

  it('answers 409 with its message for a revision that is not the latest', async () => {
    const worker = await newWorker(world.app, world.siteId);
    expect(answer(await api.signOn(worker, typed('Kai', 2)))).toEqual({ statusCode: 409, body: swmsSignOnMessages.notLatest });
    expect((await signOnRows()).filter((row) => row.user_id === worker.id)).toEqual([]);
  });

  it("makes earlier sign-ons stale with a new revision, emails each of those workers a link to the site's SWMS, and counts the revision as the author's", async () => {
    const { app, admin, author } = world;
    const unsigned = await newWorker(app, world.siteId);
    const live = listenLive(app, admin.companyId);
    expect(await api.revise()).toBe(2);
    await expect.poll(() => live.count('signons')).toBeGreaterThan(0);
    live.stop();

    const [first] = signers;
    expect((await api.toSign(first!)).items.find((item) => item.swmsId === world.swmsId)).toMatchObject({ revision: 2, state: 'stale', signedRevision: 1 });
    expect((await api.toSign(unsigned)).items.find((item) => item.swmsId === world.swmsId)).toMatchObject({ revision: 2, state: 'missing' });
    expect((await api.toSign(author)).items.find((item) => item.swmsId === world.swmsId)).toMatchObject({ revision: 2, state: 'current', signedRevision: 2 });
    expect(answer(await api.signOn(first!, typed('Kai', 1)))).toEqual({ statusCode: 409, body: swmsSignOnMessages.notLatest });

    const read = await api.signOns(admin);
    expect(read.revision).toBe(2);
    expect(read.items.map((item) => [item.worker._id, item.revision, item.state, item.signature.kind])).toEqual([
      [author.id, 2, 'current', 'authored'],
      ...[...signers].reverse().map((signer) => [signer.id, 1, 'stale', expect.any(String)]),
    ]);

    await mailQueueSettled(app);
    const mail = (await listMessages(app.db, 200)).filter((message) => message.subject.startsWith('A SWMS you signed'));
    expect(mail.map((message) => message.to).sort()).toEqual(signers.map((signer) => signer.email).sort());
    const link = `${publicUrl}${siteSignOnPath(world.siteId)}`;
    for (const message of mail) {
      expect(message.subject).toBe('A SWMS you signed at 8 Sign St, Parramatta has changed: sign on again');
      expect(message.links).toEqual([link]);
      expect(message.text).toContain('(revision 2)');
      expect(message.html).toContain(`href="${link}"`);
    }
    const deliveries = await app.db.selectFrom('mail_deliveries').select('recipient').where('kind', '=', 'signon_stale').execute();
    expect(deliveries.map((delivery) => delivery.recipient).sort()).toEqual(signers.map((signer) => signer.email).sort());

    // Signing the new revision makes the worker current again; the next revision emails only those it makes stale.
    expect((await api.signOn(first!, drawn(2))).statusCode).toBe(201);
    expect((await api.toSign(first!)).items.find((item) => item.swmsId === world.swmsId)).toMatchObject({ state: 'current', signedRevision: 2 });
    expect(await api.revise()).toBe(3);
    await mailQueueSettled(app);
    const third = (await listMessages(app.db, 200)).filter((message) => message.subject.startsWith('A SWMS you signed') && message.text.includes('(revision 3)'));
    expect(third.map((message) => message.to).sort()).toEqual(signers.map((signer) => signer.email).sort());
  });

  it("shows a SWMS's sign-ons to the company's admins and auditors and the site's supervisor, to no other supervisor or company", async () => {
    const { admin, supervisor, auditor, otherSupervisor, otherAdmin, author } = world;
    const byAdmin = await api.signOns(admin);
    expect(await api.signOns(supervisor)).toEqual(byAdmin);
    expect(await api.signOns(auditor)).toEqual(byAdmin);
    const drawnOne = byAdmin.items.find((item) => item.signature.kind === 'drawn');
    expect(drawnOne?.signature).toEqual({ kind: 'drawn', image: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) });
    expect(byAdmin.items.filter((item) => item.signature.kind === 'typed').map((item) => item.signature)).toContainEqual({ kind: 'typed', name: 'Kai Signer Typed' });

    const refused = { statusCode: 403, body: swmsMessages.notAuthorised };
    const url = (viewer: { companyId: string }, swmsId = world.swmsId) => `/api/company/${viewer.companyId}/swms/${swmsId}/signons`;
    expect(answer(await api.send('GET', url(otherSupervisor), otherSupervisor.token))).toEqual(refused);
    expect(answer(await api.send('GET', url(otherAdmin), otherAdmin.token))).toEqual(refused);
    expect(answer(await api.send('GET', url(admin, randomUUID()), admin.token))).toEqual(refused);
    expect((await api.send('GET', url(admin), otherAdmin.token)).statusCode).toBe(403);
    expect((await api.send('GET', url(admin), author.token)).statusCode).toBe(403);
    expect((await api.send('GET', url(admin, 'not-a-swms'), admin.token)).statusCode).toBe(400);
  });

  it("ends the SWMS PDF with its sign-on sheet for those who may read it: names, revisions, site times, signatures and 'Author'", async () => {
    const { admin, otherSupervisor } = world;
    const pdf = async (viewer: typeof admin) => {
      const response = await api.send('GET', `/api/company/${viewer.companyId}/swms/${world.swmsId}/pdf`, viewer.token);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      return response.rawPayload;
    };
    const bytes = await pdf(admin);
    const text = await pdfText(workDir, bytes, 'admin');
    const sheet = text.slice(text.indexOf('SIGN-ON SHEET'));
    expect(sheet).toContain('This SWMS is at revision 3.');
    for (const signer of signers) expect(sheet).toContain(`${signer.firstName} ${signer.surname}`);
    expect(sheet).toContain('Author');
    expect(sheet).toContain('Kai Signer Typed');
    expect(sheet).toMatch(/Revision 1 · \w+day, \d+\w\w \w+ \d{4}, \d\d:\d\d AE[DS]T/);
    expect(sheet).toMatch(/Revision 3 · /);
    const file = path.join(workDir, 'admin.pdf');
    writeFileSync(file, bytes);
    const { stdout } = await run('pdfimages', ['-list', file]);
    const drawnCount = (await signOnRows()).filter((row) => row.signature_kind === 'drawn').length;
    expect(stdout.split('\n').filter((line) => line.trim().split(/\s+/)[2] === 'image').length).toBe(drawnCount);

    const hidden = await pdfText(workDir, await pdf(otherSupervisor), 'other-supervisor');
    expect(hidden.replace(/\s+/g, ' ')).toContain('Who signed on is shown to the company’s admins and auditors and to the supervisor of this site.');
    for (const signer of signers) expect(hidden).not.toContain(signer.surname);
  });

  it('refuses to change, delete or truncate a sign-on, as it refuses to alter the audit trail', async () => {
    const { app } = world;
    const before = await signOnRows();
    await expect(app.db.updateTable('swms_signons').set({ revision: 9 }).where('swms_id', '=', world.swmsId).execute()).rejects.toThrow(/append-only: UPDATE is refused/);
    await expect(app.db.deleteFrom('swms_signons').where('swms_id', '=', world.swmsId).execute()).rejects.toThrow(/append-only: DELETE is refused/);
    await expect(sql`TRUNCATE swms_signons`.execute(app.db)).rejects.toThrow(/append-only: TRUNCATE is refused/);
    expect(await signOnRows()).toEqual(before);
  });
}

describe('SWMS sign-ons, on PGlite', () => signOnsOn(true));
describeOnPostgres('SWMS sign-ons, on PostgreSQL', () => signOnsOn(false));
