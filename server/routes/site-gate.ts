import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Schema } from 'effect';
import { Uuid } from '../../src/domain/fields';
import { ppeValues, type Ppe } from '../../src/domain/ppe';
import type { EndedCheckIn, OnSiteList, SiteQr } from '../../src/domain/site-visit';
import { fileTimeStamp } from '../../src/domain/dates';
import type { Role } from '../../src/domain/roles';
import { acceptEmptyJsonBodies } from '../companies/json-body';
import { decodeOr400 } from '../http/errors';
import { requireSiteAccess, siteReaders } from '../sites/access';
import { checkOutByHand, companySite, onSiteList, replaceSiteKey, siteQrView } from '../site-visits/service';
import { actorOf } from '../audit/request-context';

const SiteParams = Schema.Struct({ id: Uuid, siteId: Uuid });

/** The poster carries the site's key, and checking people out changes the list: the company's admins and supervisors. */
const gateKeepers: readonly Role[] = ['CompanyAdmin', 'CompanySupervisor'];

const rawCompanyId = (request: FastifyRequest) => (request.params as { id?: unknown }).id;

const isPpe = (value: string): value is Ppe => (ppeValues as readonly string[]).includes(value);

/** A file name part from a job number: letters, digits and dashes only. */
const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'site';

// pdfkit and its fonts load on the first PDF asked for, not at every start.
const posterWriter = () => import('../pdf/site-poster');
const evacuationWriter = () => import('../pdf/evacuation-list');

/** Issue 10 §1 and §3 for the company: the site's QR code and poster, who is on site now, and the evacuation list. */
export const siteGateRoutes: FastifyPluginAsync = async (app) => {
  acceptEmptyJsonBodies(app);
  const signedIn = { preHandler: [app.authenticate] };

  const siteOf = async (request: FastifyRequest, roles: readonly Role[]) => {
    const companyId = requireSiteAccess(request, rawCompanyId(request), roles);
    const { siteId } = decodeOr400(SiteParams, request.params);
    return { companyId, site: await companySite(app, companyId, siteId) };
  };

  app.get('/company/:id/projectSites/:siteId/qr', signedIn, async (request): Promise<SiteQr> => {
    const { site } = await siteOf(request, gateKeepers);
    return siteQrView(app, site);
  });

  app.post('/company/:id/projectSites/:siteId/qr', { ...signedIn, config: { liveTopic: 'sites' } }, async (request): Promise<SiteQr> => {
    const { companyId, site } = await siteOf(request, gateKeepers);
    return replaceSiteKey(app, companyId, site.id, actorOf(request));
  });

  app.get('/company/:id/projectSites/:siteId/poster.pdf', signedIn, async (request, reply) => {
    const { site } = await siteOf(request, gateKeepers);
    const pdf = await (
      await posterWriter()
    ).sitePosterPdf({
      companyName: site.company_name,
      address: site.address,
      suburb: site.suburb,
      postcode: site.postcode,
      siteNumber: site.site_number,
      ppe: site.ppe.filter(isPpe),
      otherPpe: site.other_ppe,
      url: siteQrView(app, site).url,
    });
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="site-poster-${fileNamePart(site.site_number)}.pdf"`)
      .send(pdf);
  });

  app.get('/company/:id/projectSites/:siteId/onsite', signedIn, async (request): Promise<OnSiteList> => {
    const { site } = await siteOf(request, siteReaders);
    return onSiteList(app, site);
  });

  app.post(
    '/company/:id/projectSites/:siteId/onsite/:checkInId/checkout',
    { ...signedIn, config: { liveTopic: 'onsite' } },
    async (request): Promise<EndedCheckIn> => {
      const { companyId, site } = await siteOf(request, gateKeepers);
      return checkOutByHand(app, companyId, site.id, (request.params as { checkInId?: unknown }).checkInId, actorOf(request));
    },
  );

  app.get('/company/:id/projectSites/:siteId/evacuation.pdf', signedIn, async (request, reply) => {
    const { site } = await siteOf(request, siteReaders);
    const printedAt = new Date();
    const list = await onSiteList(app, site, printedAt);
    const timeZone = site.time_zone;
    const pdf = await (
      await evacuationWriter()
    ).evacuationListPdf({
      companyName: site.company_name,
      siteNumber: site.site_number,
      address: site.address,
      suburb: site.suburb,
      postcode: site.postcode,
      timeZone,
      printedAt,
      people: list.people,
    });
    const stamp = fileTimeStamp(printedAt, timeZone);
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="evacuation-${fileNamePart(site.site_number)}-${stamp}.pdf"`)
      .send(pdf);
  });
};
