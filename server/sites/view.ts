import type { FastifyInstance } from 'fastify';
import { fullAddress, type ProjectSite } from '../../src/domain/project-site';
import { ppeValues, type Ppe } from '../../src/domain/ppe';
import type { SiteDetailsRow } from './repository';

const isPpe = (value: string): value is Ppe => (ppeValues as readonly string[]).includes(value);

function supervisorOf(row: SiteDetailsRow): Pick<ProjectSite, 'supervisor' | 'supervisorName' | 'supervisorDetails' | 'supervisorPhone'> {
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

/** Spec §3 project site as answered: supervisor phone falls back to the company phone; the plan carries a fresh read url. */
export function siteView(app: Pick<FastifyInstance, 'storage'>, row: SiteDetailsRow): ProjectSite {
  const siteSafetyPlan =
    row.plan_file_key && row.plan_friendly_name !== null
      ? { friendlyName: row.plan_friendly_name, fileKey: row.plan_file_key, type: 'siteSafetyPlan' as const, url: app.storage.readUrl(row.plan_file_key) }
      : null;
  return {
    _id: row.id,
    address: row.address,
    suburb: row.suburb,
    postcode: row.postcode,
    fullAddress: fullAddress(row),
    siteNumber: row.site_number,
    clientName: row.client_name,
    ...supervisorOf(row),
    siteSafetyPlan,
    ppe: row.ppe.filter(isPpe),
    otherPpe: row.other_ppe,
    status: row.status,
    company: { _id: row.company_id, phone: row.company_phone },
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
