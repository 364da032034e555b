import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { swmsSuite, type Account } from '../support/swms-suite';

const suite = swmsSuite();
const { call, list, everyRow, change, setFlags, companyWithSwms, addSwms, matchingSwms, expectExactCounts } = suite;
let app: FastifyInstance;
let harbourSwms: string[];
beforeAll(() => {
  ({ app, harbourSwms } = suite.world());
});

describe('GET /api/company/:id/swms', () => {
  beforeEach(async () => {
    await setFlags(harbourSwms, { admin: null, supervisor: null });
  });

  it('lists For Review from a queue that stays exactly the SWMS awaiting each flag, in both orders, through reviews, moves, renames and deletes', async () => {
    const { companyId, admin, supervisor, swmsIds, siteId } = await companyWithSwms(30);
    const otherSite = randomUUID();
    await app.db
      .insertInto('project_sites')
      .values({ id: otherSite, company_id: companyId, address: '3 Bulk St', suburb: 'Sydney', postcode: '2000', site_number: 'AA-9', client_name: 'Bulk' })
      .execute();
    const queued = async () =>
      (
        await app.db
          .selectFrom('swms_awaiting_review')
          .select(['flag', 'id', 'created_at', 'site_sort', 'created_by', 'site_id'])
          .where('company_id', '=', companyId)
          .orderBy('flag')
          .orderBy('id')
          .execute()
      ).map((row) => [row.flag, row.id, new Date(row.created_at).toISOString(), row.site_sort, row.created_by, row.site_id]);
    const awaiting = async () => {
      const rows = await app.db
        .selectFrom('swms')
        .select(['id', 'created_at', 'site_sort', 'created_by', 'site_id', 'company_admin_reviewed_at', 'supervisor_reviewed_at'])
        .where('company_id', '=', companyId)
        .execute();
      return (['companyAdmin', 'supervisor'] as const)
        .flatMap((flag) =>
          rows
            .filter((row) => (flag === 'companyAdmin' ? row.company_admin_reviewed_at : row.supervisor_reviewed_at) === null)
            .map((row) => [flag, row.id, new Date(row.created_at).toISOString(), row.site_sort, row.created_by, row.site_id]),
        )
        .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0));
    };
    const listsAwaiting = async () => {
      for (const viewer of [admin, supervisor]) {
        for (const sort of ['createdAt.date.desc', 'siteNumber.number.asc']) {
          const forReview = (await everyRow(viewer, `filter=status.string.forReview&sort=${sort}`)).map((row) => row._id);
          const whole = (await everyRow(viewer, `sort=${sort}`)).filter((row) => row.status === 'forReview').map((row) => row._id);
          expect(forReview, sort).toEqual(whole);
        }
      }
    };
    expect(await queued()).toEqual(await awaiting());
    await listsAwaiting();

    expect((await change(supervisor, { swmsIds: swmsIds.slice(0, 10), status: 'reviewed' })).statusCode).toBe(200);
    expect((await change(admin, { swmsId: swmsIds[3], status: 'reviewed' })).statusCode).toBe(200);
    expect((await change(supervisor, { matching: { filter: 'status.string.forReview' }, excludedIds: swmsIds.slice(20), status: 'reviewed' })).statusCode).toBe(200);
    expect(await queued()).toEqual(await awaiting());
    expect((await change(supervisor, { swmsIds: swmsIds.slice(5, 15), status: 'forReview' })).statusCode).toBe(200);
    expect(await queued()).toEqual(await awaiting());
    // A SWMS moved to another site, and a site whose job number changed, take their new job-number order.
    await app.db.updateTable('swms').set({ site_id: otherSite }).where('id', 'in', swmsIds.slice(8, 12)).execute();
    await app.db.updateTable('project_sites').set({ site_number: 'ZZ-1' }).where('id', '=', siteId).execute();
    expect(await queued()).toEqual(await awaiting());
    // A move to another site with the same job number keeps its order but not its site, nor its submitter a change of hands.
    const twinSite = randomUUID();
    await app.db
      .insertInto('project_sites')
      .values({ id: twinSite, company_id: companyId, address: '5 Bulk St', suburb: 'Sydney', postcode: '2000', site_number: 'AA-9', client_name: 'Bulk' })
      .execute();
    await app.db.updateTable('swms').set({ site_id: twinSite }).where('id', 'in', swmsIds.slice(8, 10)).execute();
    await app.db.updateTable('swms').set({ created_by: admin.userId }).where('id', 'in', swmsIds.slice(12, 14)).execute();
    expect(await queued()).toEqual(await awaiting());
    await listsAwaiting();
    await app.db.deleteFrom('swms').where('id', 'in', swmsIds.slice(25)).execute();
    expect(await queued()).toEqual(await awaiting());
    await listsAwaiting();
  });

  it("counts a search's SWMS exactly when they match by submitter and by site, whichever side holds fewer", async () => {
    // 40 SWMS by one tradesperson on one site; then per term a submitter and a site that both match it,
    // a few of whose SWMS are the same ones. The total adds both sides up less those, counted from the smaller side.
    const company = await companyWithSwms(40);
    const cases = [
      // fewer by the submitter (3) than on the site (2 + 4)
      { word: 'Zephyr', expected: await matchingSwms(company, 'Zephyr', { own: 2, onOtherSite: 1 }, { byOthers: 4 }) },
      // fewer on the site (3 + 1) than by the submitter (3 + 5)
      { word: 'Quokka', expected: await matchingSwms(company, 'Quokka', { own: 3, onOtherSite: 5 }, { byOthers: 1 }) },
    ];
    for (const { word, expected } of cases) await expectExactCounts(company, word, expected);
  });

  it("counts a search's SWMS exactly when one side holds most or all of the company's", async () => {
    // 4 SWMS by one tradesperson on one site, which match neither word; the rest match by submitter, by site or both.
    // The total is the company's SWMS less those matching on neither side, counted from outside the larger side.
    const bySubmitter = await companyWithSwms(4);
    // 50 of 60 by the submitter (10 of them on the matching site, with 6 more there by others): outside it, 4 + 6.
    await expectExactCounts(bySubmitter, 'Wombat', await matchingSwms(bySubmitter, 'Wombat', { own: 10, onOtherSite: 40 }, { byOthers: 6 }));
    // 50 of 60 on the site (10 by the submitter, 40 by others; 6 more by the submitter elsewhere): outside it, 4 + 6.
    const bySite = await companyWithSwms(4);
    await expectExactCounts(bySite, 'Numbat', await matchingSwms(bySite, 'Numbat', { own: 10, onOtherSite: 6 }, { byOthers: 40 }));
    // Every SWMS of the company is by a submitter whose surname, and on a site whose address, holds 'Bulk'.
    const everyOne = await companyWithSwms(12);
    await expectExactCounts(everyOne, 'Bulk', 12);
  });

  it('finds terms of a letter or two as it finds longer ones, and counts them exactly', async () => {
    const company = await companyWithSwms(4);
    await matchingSwms(company, 'Wombat', { own: 10, onOtherSite: 40 }, { byOthers: 6 });
    await matchingSwms(company, 'Numbat', { own: 3, onOtherSite: 2 }, { byOthers: 20 });
    const all = await everyRow(company.admin, 'sort=createdAt.date.desc');
    expect(all).toHaveLength(85);
    const contains = (text: string, term: string) => text.toLowerCase().includes(term.toLowerCase());
    for (const term of ['w', 'nu', 'B', '9', 'BK', 'm-', 'zq']) {
      const expected = all
        .filter((row) => contains(`${row.submittedBy.firstName} ${row.submittedBy.surname}`, term) || contains(row.siteAddress, term) || contains(row.siteNumber, term))
        .map((row) => row._id);
      const found = await everyRow(company.admin, `search=${encodeURIComponent(term)}`);
      expect(found.map((row) => row._id), term).toEqual(expected);
      await expectExactCounts(company, term, expected.length);
    }
  });

  it('finds a site by the address and job number it has now, for a term of a letter or two as for a longer one', async () => {
    const company = await companyWithSwms(3);
    const url = `/api/company/${company.companyId}/projectSites/${company.siteId}`;
    const found = async (term: string) => (await list(company.admin, `search=${encodeURIComponent(term)}`)).total;
    // Neither 'q' nor 'Qx' is in the site's address ('2 Bulk St, Sydney 2000'), job number (BK-1) or the submitter's name.
    expect([await found('q'), await found('Qx'), await found('7'), await found('bk')]).toEqual([0, 0, 0, 3]);
    const renamed = await call('PUT', url, company.admin.token, {
      address: '9 Quay St',
      suburb: 'Haymarket',
      postcode: '2000',
      siteNumber: 'QX-7',
      clientName: 'Bulk',
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect([await found('q'), await found('Qx'), await found('7'), await found('bk'), await found('quay')]).toEqual([3, 3, 3, 0, 3]);
    // A site's first SWMS creates its counter row, which takes the site's text with it.
    const fresh = randomUUID();
    await app.db
      .insertInto('project_sites')
      .values({ id: fresh, company_id: company.companyId, address: '4 Jetty Rd', suburb: 'Sydney', postcode: '2000', site_number: 'ZV-5', client_name: 'Bulk' })
      .execute();
    await addSwms(company, fresh, company.trades.userId, 2);
    expect([await found('j'), await found('zv'), await found('q')]).toEqual([2, 2, 3]);
    // An update that moves a SWMS to a site with none yet and hands it to someone with none in the company creates both
    // counter rows in its own statement (migration 036), with the site's text and the person's name.
    const wharf = randomUUID();
    await app.db
      .insertInto('project_sites')
      .values({ id: wharf, company_id: company.companyId, address: '6 Wharf Ln', suburb: 'Sydney', postcode: '2000', site_number: 'WV-8', client_name: 'Bulk' })
      .execute();
    await app.db.updateTable('swms').set({ site_id: wharf, created_by: company.admin.userId }).where('id', '=', company.swmsIds[0]!).execute();
    // Terms of a letter or two are found from the counter rows' text alone ('mi' is in 'admin', and in no address).
    expect([await found('wh'), await found('wv'), await found('mi'), await found('wharf'), await found('admin bulk')]).toEqual([1, 1, 1, 1, 1]);
    expect([await found('quay'), await found('tradie')]).toEqual([2, 4]);
  });

  it('finds a submitter by the name they have now, in every company they submitted to', async () => {
    const first = await companyWithSwms(3);
    const second = await companyWithSwms(1);
    // The same tradesperson's first SWMS in a second company: a new counter row takes their name.
    await app.db
      .insertInto('swms')
      .values({ id: randomUUID(), company_id: second.companyId, site_id: second.siteId, created_by: first.trades.userId, risk_consequence_level: 1, risk_likelihood_level: 1, risk_overall_level: 1, task_description: 'Elsewhere' })
      .execute();
    const found = async (viewer: Account, term: string) => (await list(viewer, `search=${encodeURIComponent(term)}`)).total;
    const word = `Marlowe${randomUUID().slice(0, 6)}`;
    expect(await found(first.admin, word)).toBe(0);

    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${first.trades.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'Ruby', surname: word, contactEmail: 'ruby@bulk.test', phone: '0412 345 678', emergencyContactName: 'Sam', emergencyContactPhone: '0298765432', businessDetails: { tradeQualifications: 'Cert III', whitecardNumber: 'WC1' } }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found(first.admin, word)).toBe(3);
    expect(await found(first.admin, `ruby ${word.toUpperCase()}`)).toBe(3);
    expect(await found(second.admin, word)).toBe(1);
    expect(await found(first.admin, 'tradie bulk')).toBe(0);
    expect((await everyRow(first.supervisor, `search=${word}`)).every((row) => row.submittedBy.surname === word)).toBe(true);
  });
});
