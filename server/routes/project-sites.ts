import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Schema } from 'effect';
import { Uuid } from '../../src/domain/fields';
import {
  BulkStatusInput,
  BulkStatusMatchingInput,
  isMatchingBulkBody,
  ProjectSiteInput,
  type ProjectSiteList,
  ProjectSiteUpdate,
  SiteListQuery,
  SiteStatusInput,
} from '../../src/domain/project-site';
import { settleCompanyCheck } from '../auth/company-check';
import { decodeOr400 } from '../http/errors';
import { listJson } from '../http/json-text';
import { requireSiteAccess, siteEditors, siteReaders } from '../sites/access';
import {
  changeMatchingSitesStatus,
  changeSite,
  changeSiteStatus,
  changeSitesStatus,
  createSite,
  readSite,
  searchSites,
} from '../sites/service';
import { actorOf } from '../audit/request-context';

const SiteParams = Schema.Struct({ id: Uuid, siteId: Uuid });

const rawCompanyId = (request: FastifyRequest) => (request.params as { id?: unknown }).id;

/** Spec §7 project site calls (issue 4): reads for the company's admins and supervisors, changes for its admins. */
export const projectSiteRoutes: FastifyPluginAsync = async (app) => {
  const signedIn = { preHandler: [app.authenticate] };
  const announced = { ...signedIn, config: { liveTopic: 'sites' as const } };

  app.get('/company/:id/projectSites', { ...signedIn, config: { checksCompanyInStatement: true } }, async (request, reply) => {
    const companyId = requireSiteAccess(request, rawCompanyId(request), siteReaders);
    const { answer, companyLive } = await searchSites(app, companyId, decodeOr400(SiteListQuery, request.query));
    settleCompanyCheck(request, companyLive);
    return reply.type('application/json; charset=utf-8').send(listJson<ProjectSiteList>(answer));
  });

  app.post('/company/:id/projectSites', announced, async (request, reply) => {
    const companyId = requireSiteAccess(request, rawCompanyId(request), siteEditors);
    const input = decodeOr400(ProjectSiteInput, request.body);
    return reply.code(201).send(await createSite(app, companyId, input, actorOf(request)));
  });

  app.patch('/company/:id/projectSites', announced, async (request) => {
    const companyId = requireSiteAccess(request, rawCompanyId(request), siteEditors);
    if (isMatchingBulkBody(request.body)) {
      return changeMatchingSitesStatus(app, companyId, decodeOr400(BulkStatusMatchingInput, request.body), actorOf(request));
    }
    return changeSitesStatus(app, companyId, decodeOr400(BulkStatusInput, request.body), actorOf(request));
  });

  app.get('/company/:id/projectSites/:siteId', signedIn, async (request) => {
    const companyId = requireSiteAccess(request, rawCompanyId(request), siteReaders);
    const { siteId } = decodeOr400(SiteParams, request.params);
    return readSite(app, companyId, siteId);
  });

  app.put('/company/:id/projectSites/:siteId', announced, async (request) => {
    const companyId = requireSiteAccess(request, rawCompanyId(request), siteEditors);
    const { siteId } = decodeOr400(SiteParams, request.params);
    const input = decodeOr400(ProjectSiteUpdate, request.body);
    return changeSite(app, companyId, siteId, input, actorOf(request), request.log);
  });

  app.patch('/company/:id/projectSites/:siteId/status', announced, async (request) => {
    const companyId = requireSiteAccess(request, rawCompanyId(request), siteEditors);
    const { siteId } = decodeOr400(SiteParams, request.params);
    return changeSiteStatus(app, companyId, siteId, decodeOr400(SiteStatusInput, request.body), actorOf(request));
  });
};
