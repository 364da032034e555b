import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { fullAddress, type ProjectSite } from '../../src/domain/project-site';
import { ppeValues, type Ppe } from '../../src/domain/ppe';
import { withFields, type JsonText } from '../http/json-text';
import type { SiteDetailsRow } from './repository';

const isPpe = (value: string): value is Ppe => (ppeValues as readonly string[]).includes(value);

/** What the supervisor and plan fields read: a site's row, or a list row beside its JSON (`siteFieldsJson`). */
type SupervisorAndPlanColumns = Pick<
  SiteDetailsRow,
  | 'supervisor_role_id'
  | 'supervisor_first_name'
  | 'supervisor_surname'
  | 'supervisor_phone'
  | 'supervisor_contact_email'
  | 'supervisor_email'
  | 'company_phone'
  | 'plan_file_key'
  | 'plan_friendly_name'
>;

/** What the plan field is written from. */
type PlanColumns = Pick<SupervisorAndPlanColumns, 'plan_file_key' | 'plan_friendly_name'>;

type SupervisorAndPlan = Pick<ProjectSite, 'supervisor' | 'supervisorName' | 'supervisorDetails' | 'supervisorPhone' | 'siteSafetyPlan'>;

/** A site as PostgreSQL writes it for a list (`siteFieldsJson`): everything but the plan, whose url the portal signs. */
export type SiteFieldsJson = JsonText<Omit<ProjectSite, 'siteSafetyPlan'>>;

function supervisorOf(row: SupervisorAndPlanColumns): Omit<SupervisorAndPlan, 'siteSafetyPlan'> {
  if (!row.supervisor_role_id) {
    return { supervisor: null, supervisorName: null, supervisorDetails: null, supervisorPhone: row.company_phone };
  }
  const firstName = row.supervisor_first_name ?? '';
  const surname = row.supervisor_surname ?? '';
  const name = [firstName, surname].filter((part) => part.trim().length > 0).join(' ');
  const phone = row.supervisor_phone?.trim() ?? '';
  return {
    supervisor: row.supervisor_role_id,
    supervisorName: name || row.supervisor_contact_email || row.supervisor_email || '',
    supervisorDetails: { firstName, surname },
    supervisorPhone: phone || row.company_phone,
  };
}

function planOf(app: Pick<FastifyInstance, 'storage'>, row: PlanColumns): ProjectSite['siteSafetyPlan'] {
  return row.plan_file_key && row.plan_friendly_name !== null
    ? { friendlyName: row.plan_friendly_name, fileKey: row.plan_file_key, type: 'siteSafetyPlan' as const, url: app.storage.readUrl(row.plan_file_key) }
    : null;
}

/** Spec §3 project site as answered: supervisor phone falls back to the company phone; the plan carries a fresh read url. */
export function siteView(app: Pick<FastifyInstance, 'storage'>, row: SiteDetailsRow): ProjectSite {
  return {
    _id: row.id,
    address: row.address,
    suburb: row.suburb,
    postcode: row.postcode,
    fullAddress: fullAddress(row),
    siteNumber: row.site_number,
    clientName: row.client_name,
    timeZone: row.time_zone,
    ...supervisorOf(row),
    siteSafetyPlan: planOf(app, row),
    ppe: row.ppe.filter(isPpe),
    otherPpe: row.other_ppe,
    status: row.status,
    company: { _id: row.company_id, phone: row.company_phone },
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** What JavaScript's `String.prototype.trim` removes (WhiteSpace and LineTerminator), for PostgreSQL's `btrim`. */
export const jsTrimmedCharacters =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** A text column trimmed as `String.prototype.trim` trims it. */
const trimmedAsJs = (column: string) => sql`btrim(${sql.ref(column)}, ${sql.lit(jsTrimmedCharacters)})`;

/**
 * The stored PPE values still offered, in their stored order, as `siteView` filters them. A site's PPE is nearly
 * always all offered (`<@`, one comparison of two arrays); only otherwise is it unnested and filtered, a subquery
 * that took 1-2 µs a row even for an empty array.
 */
const offeredPpe = sql`ARRAY[${sql.join(ppeValues.map((value) => sql.lit(value)))}]`;
const answeredPpe = sql`CASE WHEN ps.ppe <@ ${offeredPpe} THEN ps.ppe ELSE ARRAY(SELECT stored.value FROM unnest(ps.ppe) WITH ORDINALITY AS stored (value, n)
      WHERE stored.value = ANY (${offeredPpe}) ORDER BY stored.n) END`;

/**
 * `supervisorOf` in SQL for a list's site (ps): its supervisor's fields while their role is active, as JSON object
 * members (`fields`), and their phone as JSON while it is not blank (`phone`), else no row. A lateral subquery kept
 * whole (OFFSET 0), so PostgreSQL memoizes it by the site's supervisor and writes each supervisor once per page.
 */
export const listedSupervisor = sql<{ fields: string; phone: string | null }>`(SELECT
    (SELECT substr(j, 2, length(j) - 2) FROM (SELECT row_to_json(person)::text AS j FROM (SELECT
      ur.id AS "supervisor",
      coalesce(
        nullif(concat_ws(' ',
          CASE WHEN ${trimmedAsJs('u.first_name')} <> '' THEN u.first_name END,
          CASE WHEN ${trimmedAsJs('u.surname')} <> '' THEN u.surname END), ''),
        nullif(u.contact_email, ''), nullif(u.email, ''), '') AS "supervisorName",
      (SELECT row_to_json(details) FROM (SELECT coalesce(u.first_name, '') AS "firstName", coalesce(u.surname, '') AS "surname") details) AS "supervisorDetails"
    ) person) written) AS fields,
    to_json(nullif(${trimmedAsJs('u.phone')}, ''))::text AS phone
  FROM user_roles ur JOIN users u ON u.id = ur.user_id
  WHERE ur.id = ps.supervisor_role_id AND ur.status = 'active'
  OFFSET 0)`;

/** What `supervisorOf` writes for a site without a supervisor (or whose supervisor's role is no longer active). */
const unsupervised = sql.lit('"supervisor":null,"supervisorName":null,"supervisorDetails":null');

/**
 * Spec §3 project site fields but the plan, as `siteView` writes them, for a list statement's site (ps) of the company
 * and its supervisor (sup, `listedSupervisor`). Issue 11: writing all 18 fields as JSON for each row (row_to_json)
 * was three quarters of page 1's time in PostgreSQL. The site's own fields are written with its row (migration
 * 037's `list_fields`); the supervisor's once per supervisor; the company's once per statement; the PPE still offered
 * per row, as the portal's list of it may change. Page 1 of 5,000 sites: 0.35 ms against 0.76.
 */
export const siteFieldsJson = (companyId: string) => sql<SiteFieldsJson>`('{' || ps.list_fields
    || ',' || coalesce(sup.fields, ${unsupervised})
    || ',"supervisorPhone":' || coalesce(sup.phone, (SELECT coalesce(to_json(c.phone)::text, 'null') FROM companies c WHERE c.id = ${companyId}))
    || ',"ppe":' || array_to_json(${answeredPpe})::text
    || ',"company":' || (SELECT row_to_json(company)::text FROM (SELECT c.id AS "_id", c.phone AS "phone" FROM companies c WHERE c.id = ${companyId}) company)
    || '}')`;

/** A list row: PostgreSQL's JSON of the site with the plan (its url signed here) added. */
export function siteListItem(app: Pick<FastifyInstance, 'storage'>, row: PlanColumns & { readonly item: SiteFieldsJson }): JsonText<ProjectSite> {
  return withFields(row.item, { siteSafetyPlan: planOf(app, row) });
}
