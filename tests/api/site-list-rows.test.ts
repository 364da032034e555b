import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSite, ProjectSiteList } from '../../src/domain/project-site';
import { projectSitesSuite, siteBody, sitesUrl, siteUrl } from '../support/project-sites-suite';

const suite = projectSitesSuite();
const { call, person, companyWithStaff, createSite, uploadedPlan } = suite;
let app: FastifyInstance;
beforeAll(() => {
  ({ app } = suite.world());
});

describe('GET /api/company/:id/projectSites: the rows PostgreSQL writes', () => {
  it('writes each row as the site itself is answered: supervisors, fallbacks, plans, PPE and awkward text', async () => {
    // The list's rows are JSON that PostgreSQL writes with the supervisor and plan added by the portal (siteListItem);
    // GET one site writes the same site in TypeScript (siteView). Every case must come out the same from both.
    const staff = await companyWithStaff('0299990000');
    const nameless = await person('CompanySupervisor', staff.companyId, { firstName: '  ', surname: '', phone: '  ' });
    const leaving = await person('CompanySupervisor', staff.companyId, { firstName: 'Lee', surname: 'Leaving', phone: '0422222222' });
    // Spaces only JavaScript's trim knows of: the SQL trims them alike (jsTrimmedCharacters).
    const wide = await person('CompanySupervisor', staff.companyId, { firstName: '\u00a0\u3000', surname: 'Wu\u2003', phone: '\ufeff\u2028' });
    const plan = await uploadedPlan(staff.admin);
    const awkward = await createSite(staff, {
      address: '7/12 "Quay" St\\ back\tslash',
      suburb: 'Café Ünïcode 🚧 李',
      clientName: '<b>Client</b> & \u2028 Co',
      supervisor: staff.supervisor.roleId,
      siteSafetyPlan: plan,
      ppe: ['hard_hat', 'high_vis'],
      otherPpe: 'Ear "muffs"',
    });
    await createSite(staff, { supervisor: staff.phonelessSupervisor.roleId });
    await createSite(staff, { supervisor: nameless.roleId });
    const wideSite = await createSite(staff, { supervisor: wide.roleId });
    const revoked = await createSite(staff, { supervisor: leaving.roleId });
    await app.db.updateTable('user_roles').set({ status: 'revoked' }).where('id', '=', leaving.roleId).execute();
    await createSite(staff);
    // A PPE value stored before it left the list (or by hand) is not answered.
    await app.db.updateTable('project_sites').set({ ppe: ['high_vis', 'no_longer_offered', 'hard_hat'] }).where('id', '=', awkward._id).execute();

    const withoutSignature = (site: ProjectSite) => ({
      ...site,
      siteSafetyPlan: site.siteSafetyPlan && { ...site.siteSafetyPlan, url: site.siteSafetyPlan.url.split('?')[0] },
    });
    const expectListedAsRead = async () => {
      for (const query of ['pageSize=100', 'pageSize=100&search=%C3%BCn%C3%AFcode', 'pageSize=100&sort=supervisorName.string.asc']) {
        const response = await call('GET', `${sitesUrl(staff.companyId)}?${query}`, staff.admin.token);
        expect(response.statusCode, response.body).toBe(200);
        const listed = response.json<ProjectSiteList>();
        // Written as JSON.stringify writes it (PostgreSQL's json_build_object, for one, puts spaces around its colons).
        expect(response.body).toBe(JSON.stringify(listed));
        expect(listed.items.length, query).toBe(query.includes('search') ? 1 : 6);
        for (const item of listed.items) {
          const one = await call('GET', siteUrl(staff.companyId, item._id), staff.admin.token);
          expect(one.statusCode).toBe(200);
          expect(withoutSignature(item)).toStrictEqual(withoutSignature(one.json<ProjectSite>()));
          if (item.siteSafetyPlan) expect(item.siteSafetyPlan.url).toContain(plan.fileKey);
        }
      }
      const all = (await call('GET', `${sitesUrl(staff.companyId)}?pageSize=100`, staff.admin.token)).json<ProjectSiteList>();
      return new Map(all.items.map((item) => [item._id, item]));
    };
    const byId = await expectListedAsRead();
    expect(byId.get(awkward._id)).toMatchObject({ suburb: 'Café Ünïcode 🚧 李', ppe: ['high_vis', 'hard_hat'], supervisorName: 'Sam Supervisor' });
    expect(byId.get(revoked._id)).toMatchObject({ supervisor: null, supervisorPhone: '0299990000' });
    expect(byId.get(wideSite._id)).toMatchObject({ supervisorName: 'Wu\u2003', supervisorPhone: '0299990000' });

    // Migration 037 writes a site's own fields with its row: every change a site takes must reach the list, and the
    // supervisor's and the company's fields, read with the page, follow their own rows.
    const edited = await call('PUT', siteUrl(staff.companyId, awkward._id), staff.admin.token, {
      ...siteBody({ address: 'Level 2, "The Cut"\n3 Argyle St', suburb: 'Café Ünïcode 🚧 李', postcode: '2000', clientName: 'Cut & Co' }),
      siteNumber: awkward.siteNumber,
      supervisor: wide.roleId,
      otherPpe: 'Respirator\t(P2)',
      version: awkward.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await call('PATCH', sitesUrl(staff.companyId), staff.admin.token, { projectSiteIds: [wideSite._id], selectedStatus: 'on_hold' });
    expect(moved.statusCode, moved.body).toBe(200);
    // A time with microseconds, written as toISOString writes it (truncated to the millisecond).
    await app.db.updateTable('project_sites').set({ created_at: new Date('2026-01-02T03:04:05.678Z') }).where('id', '=', revoked._id).execute();
    await sql`UPDATE project_sites SET updated_at = '2026-03-04 05:06:07.891999+00' WHERE id = ${revoked._id}`.execute(app.db);
    await app.db.updateTable('users').set({ first_name: 'Patricia', phone: '0433333333' }).where('id', '=', staff.phonelessSupervisor.userId).execute();
    await app.db.updateTable('companies').set({ phone: '0288880000' }).where('id', '=', staff.companyId).execute();
    const after = await expectListedAsRead();
    expect(after.get(awkward._id)).toMatchObject({
      fullAddress: 'Level 2, "The Cut"\n3 Argyle St, Café Ünïcode 🚧 李 2000',
      clientName: 'Cut & Co',
      otherPpe: 'Respirator\t(P2)',
      supervisorName: 'Wu\u2003',
      supervisorPhone: '0288880000',
      version: awkward.version + 1,
    });
    expect(after.get(wideSite._id)).toMatchObject({ status: 'on_hold', company: { phone: '0288880000' } });
    expect(after.get(revoked._id)).toMatchObject({ createdAt: '2026-01-02T03:04:05.678Z', updatedAt: '2026-03-04T05:06:07.891Z' });
    const renamed = [...after.values()].filter((site) => site.supervisor === staff.phonelessSupervisor.roleId);
    expect(renamed.map(({ supervisorName, supervisorPhone }) => ({ supervisorName, supervisorPhone }))).toEqual([
      { supervisorName: 'Patricia Nophone', supervisorPhone: '0433333333' },
    ]);
  });
});
