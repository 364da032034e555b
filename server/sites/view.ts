import type { FastifyInstance } from 'fastify';
import { fullAddress, type ProjectSite } from '../../src/domain/project-site';
import { ppeValues, type Ppe } from '../../src/domain/ppe';
import { withFields, type JsonText } from '../http/json-text';
import type { SiteDetailsRow, SiteFieldsJson } from './repository';

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

/** A list row: PostgreSQL's JSON of the site with the plan (its url signed here) added. */
export function siteListItem(app: Pick<FastifyInstance, 'storage'>, row: PlanColumns & { readonly item: SiteFieldsJson }): JsonText<ProjectSite> {
  return withFields(row.item, { siteSafetyPlan: planOf(app, row) });
}
