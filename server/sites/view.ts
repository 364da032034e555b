import type { FastifyInstance } from 'fastify';
import type { ProjectSite } from '../../src/domain/project-site';
import { withFields, type JsonText } from '../http/json-text';
import type { SiteFieldsJson, SiteRow } from './repository';

/** What the plan field is written from. */
type PlanColumns = Pick<SiteRow, 'plan_file_key' | 'plan_friendly_name'>;

function planOf(app: Pick<FastifyInstance, 'storage'>, row: PlanColumns): ProjectSite['siteSafetyPlan'] {
  return row.plan_file_key && row.plan_friendly_name !== null
    ? { friendlyName: row.plan_friendly_name, fileKey: row.plan_file_key, type: 'siteSafetyPlan' as const, url: app.storage.readUrl(row.plan_file_key) }
    : null;
}

/** Spec §3 project site as answered alone: the JSON its list row is, parsed, for a caller that reads its fields. */
export function siteView(app: Pick<FastifyInstance, 'storage'>, row: SiteRow): ProjectSite {
  return JSON.parse(siteListItem(app, row)) as ProjectSite;
}

/** A site as answered: PostgreSQL's JSON of it with the plan (its url signed here) added. */
export function siteListItem(app: Pick<FastifyInstance, 'storage'>, row: PlanColumns & { readonly item: SiteFieldsJson }): JsonText<ProjectSite> {
  return withFields(row.item, { siteSafetyPlan: planOf(app, row) });
}
