import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { fullAddress, type ProjectSite } from '../../src/domain/project-site';
import { ppeValues, type Ppe } from '../../src/domain/ppe';
import { isoMillisText } from '../db/iso-text';
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

type SupervisorAndPlan = Pick<ProjectSite, 'supervisor' | 'supervisorName' | 'supervisorDetails' | 'supervisorPhone' | 'siteSafetyPlan'>;

/** The site's own fields as PostgreSQL writes them for a list (`siteFieldsJson`). */
export type SiteFieldsJson = JsonText<Omit<ProjectSite, keyof SupervisorAndPlan>>;

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

function planOf(app: Pick<FastifyInstance, 'storage'>, row: SupervisorAndPlanColumns): ProjectSite['siteSafetyPlan'] {
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

/**
 * Spec §3 project site fields that need nothing of the portal, as `siteView` writes them, written by PostgreSQL
 * as JSON over the list statement's site (ps) and company (c). Issue 11: the list's rows arrive as this JSON
 * with only the supervisor's and the plan's columns beside it (`siteListItem`), instead of 22 columns each.
 */
export const siteFieldsJson = sql<SiteFieldsJson>`(SELECT row_to_json(site)::text FROM (SELECT
    ps.id AS "_id",
    ps.address AS "address",
    ps.suburb AS "suburb",
    ps.postcode AS "postcode",
    ps.address || ', ' || ps.suburb || ' ' || ps.postcode AS "fullAddress",
    ps.site_number AS "siteNumber",
    ps.client_name AS "clientName",
    ARRAY(SELECT stored.value FROM unnest(ps.ppe) WITH ORDINALITY AS stored (value, n)
      WHERE stored.value = ANY (ARRAY[${sql.join(ppeValues.map((value) => sql.lit(value)))}]) ORDER BY stored.n) AS "ppe",
    ps.other_ppe AS "otherPpe",
    ps.status AS "status",
    (SELECT row_to_json(company) FROM (SELECT c.id AS "_id", c.phone AS "phone") company) AS "company",
    ps.version AS "version",
    ${isoMillisText('ps.created_at')} AS "createdAt",
    ${isoMillisText('ps.updated_at')} AS "updatedAt") site)`;

/** A list row: PostgreSQL's JSON of the site with the supervisor and the plan (its url signed here) added. */
export function siteListItem(app: Pick<FastifyInstance, 'storage'>, row: SupervisorAndPlanColumns & { readonly item: SiteFieldsJson }): JsonText<ProjectSite> {
  return withFields(row.item, { ...supervisorOf(row), siteSafetyPlan: planOf(app, row) });
}
