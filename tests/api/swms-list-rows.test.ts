import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SwmsListItem } from '../../src/domain/swms';
import { swmsSuite, type Account } from '../support/swms-suite';

const suite = swmsSuite();
const { call, everyRow, storedFlags, setFlags } = suite;
let app: FastifyInstance;
let harbourAdmin: Account;
let harbourSupervisor: Account;
let harbourSwms: string[];
beforeAll(() => {
  ({ app, harbourAdmin, harbourSupervisor, harbourSwms } = suite.world());
});

describe('GET /api/company/:id/swms', () => {
  beforeEach(async () => {
    await setFlags(harbourSwms, { admin: null, supervisor: null });
  });

  it("writes each row as the site's SWMS list writes the same SWMS, for either flag, whatever the names and addresses hold", async () => {
    // The list's rows are JSON that PostgreSQL writes (swmsListItemJson); a site's SWMS list writes the same row in
    // TypeScript (swmsListItemView). Awkward text and every review state must come out the same from both.
    const companyId = harbourAdmin.companyId;
    const sample = await app.db
      .selectFrom('swms as s')
      .select(['s.id', 's.created_by', 's.site_id'])
      .where('s.company_id', '=', companyId)
      .orderBy('s.id')
      .limit(4)
      .execute();
    const [both, adminOnly, supervisorOnly] = sample;
    const submitter = await app.db.selectFrom('users').select(['first_name', 'surname']).where('id', '=', both!.created_by).executeTakeFirstOrThrow();
    const site = await app.db.selectFrom('project_sites').select(['address', 'suburb']).where('id', '=', both!.site_id).executeTakeFirstOrThrow();
    await app.db.updateTable('users').set({ first_name: 'Zoë "Zed"', surname: "O'Brien \\ 李 \u2028 <b>" }).where('id', '=', both!.created_by).execute();
    await app.db.updateTable('project_sites').set({ address: '7/12 "Quay" St\ttab', suburb: 'Café Ünïcode 🚧' }).where('id', '=', both!.site_id).execute();
    const flagsBefore = await storedFlags(sample.map((row) => row.id));
    try {
      await setFlags([both!.id], { admin: harbourAdmin.userId, supervisor: harbourSupervisor.userId });
      await setFlags([adminOnly!.id], { admin: harbourAdmin.userId, supervisor: null });
      await setFlags([supervisorOnly!.id], { admin: null, supervisor: harbourSupervisor.userId });
      for (const viewer of [harbourAdmin, harbourSupervisor]) {
        const listed = new Map((await everyRow(viewer, 'sort=createdAt.date.desc')).map((row) => [row._id, row]));
        expect(listed.size).toBe(harbourSwms.length);
        const sites = [...new Set(sample.map((row) => row.site_id))];
        let compared = 0;
        for (const siteId of sites) {
          for (let cursor: string | null = null; ; ) {
            const response = await call(
              'GET',
              `/api/company/${companyId}/projectSites/${siteId}/swms?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
              viewer.token,
            );
            expect(response.statusCode, response.body).toBe(200);
            const page = response.json<{ items: SwmsListItem[]; nextCursor: string | null }>();
            for (const item of page.items) {
              expect(listed.get(item._id)).toStrictEqual(item);
              compared++;
            }
            cursor = page.nextCursor;
            if (!cursor) break;
          }
        }
        expect(compared).toBeGreaterThanOrEqual(sample.length);
        expect(listed.get(both!.id)?.submittedBy).toEqual({ _id: both!.created_by, firstName: 'Zoë "Zed"', surname: "O'Brien \\ 李 \u2028 <b>" });
        expect(listed.get(both!.id)?.status).toBe('reviewed');
        expect(listed.get(adminOnly!.id)?.status).toBe(viewer === harbourAdmin ? 'reviewed' : 'forReview');
        expect(listed.get(supervisorOnly!.id)?.status).toBe(viewer === harbourAdmin ? 'forReview' : 'reviewed');
      }
    } finally {
      for (const { id, ...flags } of flagsBefore) await app.db.updateTable('swms').set(flags).where('id', '=', id).execute();
      await app.db.updateTable('users').set(submitter).where('id', '=', both!.created_by).execute();
      await app.db.updateTable('project_sites').set(site).where('id', '=', both!.site_id).execute();
    }
  });
});
