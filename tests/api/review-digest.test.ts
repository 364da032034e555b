import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Swms } from '../../src/domain/swms';
import type { SwmsSubmission } from '../../src/domain/swms-submission';
import { ConfigError, loadConfig, parseReviewDigestRound } from '../../server/config';
import { sendDueDigests } from '../../server/mail/review-digest';
import { startReviewDigestWorker } from '../../server/mail/review-digest-plugin';
import { mailQueueSettled } from './mail-deliveries';
import { createTestApp } from './test-app';

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await app.reviewDigest.stop();
}, 60_000);
afterAll(async () => close());

const hour = 60 * 60 * 1000;
const minute = 60 * 1000;

interface Person {
  readonly id: string;
  readonly email: string;
  readonly token: string;
}

async function person(db: FastifyInstance['db'], firstName: string, role: 'CompanyAdmin' | 'CompanySupervisor' | 'TradesPerson', companyId: string | null) {
  const id = randomUUID();
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@digest.test`;
  const roleId = randomUUID();
  await db.insertInto('users').values({ id, email, first_name: firstName, surname: 'Tester' }).execute();
  await db.insertInto('user_roles').values({ id: roleId, user_id: id, company_id: companyId, role, status: 'active' }).execute();
  return { id, email, roleId };
}

interface Company {
  readonly id: string;
  readonly admins: readonly Person[];
  readonly supervisor: Person;
  readonly siteId: string;
}

/** A company of its own per test: two admins, a supervisor allocated to its one site. */
async function newCompany(target: FastifyInstance = app): Promise<Company> {
  const id = randomUUID();
  await target.db
    .insertInto('companies')
    .values({
      id,
      name: `Digest Builders ${id.slice(0, 4)}`,
      abn: String(randomInt(10_000_000_000, 99_999_999_999)),
      builders_reg_number: 'BR-1',
      phone: '0291234567',
      email: 'office@digest.test',
      address: '1 George St, Sydney NSW 2000',
      postal_address: 'PO Box 1, Sydney NSW 2001',
      image_file_id: null,
    })
    .execute();
  const withToken = async (created: { id: string; email: string }) => ({ ...created, token: await target.auth.tokenForEmail(created.email) });
  const admins = [await withToken(await person(target.db, 'Olivia', 'CompanyAdmin', id)), await withToken(await person(target.db, 'Noah', 'CompanyAdmin', id))];
  const supervisorRow = await person(target.db, 'Marcus', 'CompanySupervisor', id);
  const siteId = randomUUID();
  await target.db
    .insertInto('project_sites')
    .values({
      id: siteId,
      company_id: id,
      address: '12 Harbour St',
      suburb: 'Pyrmont',
      postcode: '2009',
      site_number: `HB-${randomInt(1000, 9999)}`,
      client_name: 'Pyrmont Holdings',
      supervisor_role_id: supervisorRow.roleId,
    })
    .execute();
  return { id, admins, supervisor: await withToken(supervisorRow), siteId };
}

async function checkedInTradie(company: Company, target: FastifyInstance = app): Promise<Person> {
  const created = await person(target.db, 'Ana', 'TradesPerson', null);
  await target.db.insertInto('check_ins').values({ id: randomUUID(), site_id: company.siteId, user_id: created.id }).execute();
  return { ...created, token: await target.auth.tokenForEmail(created.email) };
}

function submission(task: string): SwmsSubmission {
  return {
    submissionId: randomUUID(),
    highRiskWork: ['a'],
    riskConsequenceLevel: 3,
    riskLikelihoodLevel: 2,
    task: {
      taskDescription: task,
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
  };
}

async function submit(company: Company, tradie: Person, task: string, target: FastifyInstance = app): Promise<string> {
  const response = await target.inject({
    method: 'POST',
    url: `/api/site/${company.siteId}/swms`,
    headers: { authorization: `Bearer ${tradie.token}` },
    payload: submission(task),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Swms>()._id;
}

// Issue 12: digests are delivered by the mail queue, just after they are queued.
async function mailsTo(recipient: Person, target: FastifyInstance = app) {
  await mailQueueSettled(target);
  return target.db.selectFrom('mailbox').selectAll().where('recipient', '=', recipient.email).orderBy('created_at').execute();
}

const everyone = (company: Company) => [...company.admins, company.supervisor];

describe('sendDueDigests', () => {
  it('sends each admin and the site supervisor one email listing every SWMS awaiting them', async () => {
    const company = await newCompany();
    const tradie = await checkedInTradie(company);
    const ids = [await submit(company, tradie, 'Frame level 1'), await submit(company, tradie, 'Frame level 2'), await submit(company, tradie, 'Frame level 3')];

    expect(await sendDueDigests(app, new Date())).toBe(3);
    for (const recipient of everyone(company)) {
      const mails = await mailsTo(recipient);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe('3 SWMS awaiting your review');
      for (const id of ids) {
        expect(mail?.text).toContain(`${app.config.publicUrl}/company/${company.id}/swms/${id}`);
        expect(mail?.html).toContain(`${app.config.publicUrl}/company/${company.id}/swms/${id}`);
      }
      expect(mail?.text).toContain(`${app.config.publicUrl}/company/${company.id}/swms?filter=status.string.forReview`);
      expect(mail?.text).toContain('Ana Tester · 12 Harbour St, Pyrmont 2009 · Job No HB-');
      expect(mail?.text).toMatch(/submitted \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} AE[SD]T/);
    }
    expect(await sendDueDigests(app, new Date())).toBe(0);
  });

  it('holds a SWMS submitted within the hour of a digest until the hour is up, then sends it alone', async () => {
    const company = await newCompany();
    const tradie = await checkedInTradie(company);
    const first = await submit(company, tradie, 'Pour the slab');
    const sentAt = new Date();
    expect(await sendDueDigests(app, sentAt)).toBe(3);
    const fourth = await submit(company, tradie, 'Strip the formwork');

    expect(await sendDueDigests(app, new Date(sentAt.getTime() + 10 * minute))).toBe(0);
    expect(await sendDueDigests(app, new Date(sentAt.getTime() + hour - 1))).toBe(0);
    for (const recipient of everyone(company)) expect(await mailsTo(recipient)).toHaveLength(1);

    expect(await sendDueDigests(app, new Date(sentAt.getTime() + hour))).toBe(3);
    for (const recipient of everyone(company)) {
      const mails = await mailsTo(recipient);
      expect(mails).toHaveLength(2);
      expect(mails[1]?.subject).toBe('1 SWMS awaiting your review');
      expect(mails[1]?.text).toContain(`/swms/${fourth}`);
      expect(mails[1]?.text).not.toContain(`/swms/${first}`);
    }
  });

  it("leaves out what the recipient's own flag reviewed meanwhile, and does not count a digest that was never sent", async () => {
    const company = await newCompany();
    const tradie = await checkedInTradie(company);
    const [reviewer, otherAdmin] = company.admins as [Person, Person];
    const first = await submit(company, tradie, 'Scaffold the east face');
    const second = await submit(company, tradie, 'Scaffold the west face');
    const review = await app.inject({
      method: 'PUT',
      url: `/api/company/${company.id}/swms`,
      headers: { authorization: `Bearer ${reviewer.token}` },
      payload: { swmsId: first, status: 'reviewed' },
    });
    expect(review.statusCode, review.body).toBe(200);
    const supervisorReview = await app.inject({
      method: 'PUT',
      url: `/api/company/${company.id}/swms`,
      headers: { authorization: `Bearer ${company.supervisor.token}` },
      payload: { swmsIds: [first, second], status: 'reviewed' },
    });
    expect(supervisorReview.statusCode, supervisorReview.body).toBe(200);

    const now = new Date();
    expect(await sendDueDigests(app, now)).toBe(2);
    for (const admin of [reviewer, otherAdmin]) {
      const [mail] = await mailsTo(admin);
      expect(mail?.subject).toBe('1 SWMS awaiting your review');
      expect(mail?.text).toContain(`/swms/${second}`);
      expect(mail?.text).not.toContain(`/swms/${first}`);
    }
    expect(await mailsTo(company.supervisor)).toEqual([]);
    const supervisorItems = await app.db.selectFrom('review_digest_items').select('id').where('recipient_user_id', '=', company.supervisor.id).execute();
    expect(supervisorItems).toEqual([]);

    const third = await submit(company, tradie, 'Strike the scaffold');
    expect(await sendDueDigests(app, new Date(now.getTime() + minute))).toBe(1);
    const [mail] = await mailsTo(company.supervisor);
    expect(mail?.text).toContain(`/swms/${third}`);
  });

  it('leaves out a SWMS whose flag the recipient sent back with changes requested: it waits on its author, not on them', async () => {
    const company = await newCompany();
    const tradie = await checkedInTradie(company);
    const [reviewer, otherAdmin] = company.admins as [Person, Person];
    const first = await submit(company, tradie, 'Scaffold the east face');
    const second = await submit(company, tradie, 'Scaffold the west face');
    const request = await app.inject({
      method: 'PUT',
      url: `/api/company/${company.id}/swms`,
      headers: { authorization: `Bearer ${reviewer.token}` },
      payload: { swmsId: first, status: 'changesRequested', comment: 'Add the exclusion zone below the scaffold' },
    });
    expect(request.statusCode, request.body).toBe(200);

    expect(await sendDueDigests(app, new Date())).toBe(3);
    for (const admin of [reviewer, otherAdmin]) {
      const [mail] = await mailsTo(admin);
      expect(mail?.subject).toBe('1 SWMS awaiting your review');
      expect(mail?.text).toContain(`/swms/${second}`);
      expect(mail?.text).not.toContain(`/swms/${first}`);
    }
    const [supervisorMail] = await mailsTo(company.supervisor);
    expect(supervisorMail?.subject, "the supervisor's own flag is still For Review on both").toBe('2 SWMS awaiting your review');
  });

  it('queues a revised SWMS again for everyone who had it in an earlier digest, and says it is a new revision after changes were requested', async () => {
    const company = await newCompany();
    const tradie = await checkedInTradie(company);
    const swmsId = await submit(company, tradie, 'Demolish the rear wall');
    const sentAt = new Date();
    expect(await sendDueDigests(app, sentAt)).toBe(3);
    const request = await app.inject({
      method: 'PUT',
      url: `/api/company/${company.id}/swms`,
      headers: { authorization: `Bearer ${company.supervisor.token}` },
      payload: { swmsId, status: 'changesRequested', comment: 'Say who holds the exclusion zone' },
    });
    expect(request.statusCode, request.body).toBe(200);
    const revised = await app.inject({
      method: 'POST',
      url: `/api/site/${company.siteId}/swms/${swmsId}/revisions`,
      headers: { authorization: `Bearer ${tradie.token}` },
      payload: submission('Demolish the rear wall, spotter at the exclusion zone'),
    });
    expect(revised.statusCode, revised.body).toBe(201);

    // Other tests' reviewers may be due by then too: what counts is each of this company's reviewers' mails.
    await sendDueDigests(app, new Date(sentAt.getTime() + hour));
    for (const recipient of everyone(company)) {
      const mails = await mailsTo(recipient);
      expect(mails, 'each reviewer gets the revision in their next digest').toHaveLength(2);
      expect(mails[1]?.text).toContain(`/swms/${swmsId}`);
      expect(mails[1]?.text).toMatch(/revision 2 sent \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} AE[SD]T, after changes were requested/);
      expect(mails[1]?.html).toContain('revision 2 sent');
    }
    const unsent = await app.db.selectFrom('review_digest_items').select('id').where('swms_id', '=', swmsId).where('sent_at', 'is', null).execute();
    expect(unsent).toEqual([]);
  });

  it("names a changes request by the other reviewer on a SWMS still waiting for the recipient's own review", async () => {
    const company = await newCompany();
    const tradie = await checkedInTradie(company);
    const swmsId = await submit(company, tradie, 'Cut the slab penetrations');
    const request = await app.inject({
      method: 'PUT',
      url: `/api/company/${company.id}/swms`,
      headers: { authorization: `Bearer ${company.supervisor.token}` },
      payload: { swmsId, status: 'changesRequested', comment: 'Add the silica dust controls' },
    });
    expect(request.statusCode, request.body).toBe(200);
    await sendDueDigests(app, new Date());
    for (const admin of company.admins) {
      const [mail] = await mailsTo(admin);
      expect(mail?.text).toContain('the site supervisor requested changes');
      expect(mail?.html).toContain('the site supervisor requested changes');
    }
  });

  it('sends one digest per person when several rounds run at once', async () => {
    const company = await newCompany();
    const tradie = await checkedInTradie(company);
    await submit(company, tradie, 'Lay the drainage');
    await submit(company, tradie, 'Backfill the trench');
    const now = new Date();
    const sent = await Promise.all([sendDueDigests(app, now), sendDueDigests(app, now), sendDueDigests(app, now)]);
    expect(sent.reduce((total, count) => total + count, 0)).toBe(3);
    for (const recipient of everyone(company)) expect(await mailsTo(recipient)).toHaveLength(1);
  });

  it('runs by itself on its interval', async () => {
    const company = await newCompany();
    const tradie = await checkedInTradie(company);
    await submit(company, tradie, 'Install the roof sheets');
    const worker = startReviewDigestWorker(app, 50);
    try {
      await expect.poll(async () => (await mailsTo(company.supervisor)).length, { timeout: 10_000, interval: 100 }).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('runs in the app every REVIEW_DIGEST_ROUND_SECONDS', async () => {
    const quick = await createTestApp({ reviewDigestRoundMs: 200 });
    try {
      const company = await newCompany(quick.app);
      const tradie = await checkedInTradie(company, quick.app);
      await submit(company, tradie, 'Pour the footings', quick.app);
      await expect.poll(async () => (await mailsTo(company.supervisor, quick.app)).length, { timeout: 10_000, interval: 100 }).toBe(1);
    } finally {
      await quick.close();
    }
  });
});

describe('REVIEW_DIGEST_ROUND_SECONDS', () => {
  it('is 30 s unless set, and refuses what is not a whole number of seconds from 1', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).reviewDigestRoundMs).toBe(30_000);
    expect(loadConfig({ NODE_ENV: 'test', REVIEW_DIGEST_ROUND_SECONDS: ' 2 ' }).reviewDigestRoundMs).toBe(2_000);
    for (const wrong of ['0', 'abc', '-5', '1.5', '30s']) {
      expect(() => parseReviewDigestRound(wrong)).toThrow(ConfigError);
      expect(() => parseReviewDigestRound(wrong)).toThrow(`REVIEW_DIGEST_ROUND_SECONDS: "${wrong}" is not a whole number of seconds (1 or more)`);
    }
  });
});

describe('sendDueDigests when the mail server fails', () => {
  it('queues the digests, marks the items sent and keeps retrying the emails (issue 12)', async () => {
    const failing = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await failing.app.reviewDigest.stop();
      const company = await newCompany(failing.app);
      const tradie = await checkedInTradie(company, failing.app);
      await submit(company, tradie, 'Cut the openings', failing.app);
      expect(await sendDueDigests(failing.app, new Date())).toBe(3);
      const items = await failing.app.db.selectFrom('review_digest_items').select('sent_at').execute();
      expect(items).toHaveLength(3);
      expect(items.every((item) => item.sent_at !== null)).toBe(true);
      await mailQueueSettled(failing.app);
      const digests = await failing.app.db.selectFrom('mail_deliveries').select(['kind', 'status', 'recipient']).execute();
      expect(digests.map((digest) => digest.recipient).sort()).toEqual(everyone(company).map((person) => person.email).sort());
      expect(digests.every((digest) => digest.kind === 'review_digest' && digest.status === 'retrying')).toBe(true);
    } finally {
      await failing.close();
    }
  }, 60_000);
});
