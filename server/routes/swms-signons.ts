import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Schema } from 'effect';
import { Uuid } from '../../src/domain/fields';
import type { SignOnGaps, SiteSwmsToSign, SwmsSignOnResult, SwmsSignOns } from '../../src/domain/swms-signon';
import { decodeOr400 } from '../http/errors';
import { requireSiteAccess, siteReaders } from '../sites/access';
import { requireCompanyReader } from '../swms/access';
import { rawParam, SwmsParams } from '../swms/params';
import { signOn, signOnGaps, siteSwmsToSign, swmsSignOns } from '../swms/signons';

const SiteParams = Schema.Struct({ id: Uuid, siteId: Uuid });

const sitePath = (request: FastifyRequest) => request.params as { siteId?: unknown; swmsId?: unknown };

/**
 * Issue 57 §3: workers sign on to a SWMS's current revision from the phone; the company's admins, auditors and the
 * site's supervisor read who signed, and who on site now has not.
 */
export const swmsSignOnRoutes: FastifyPluginAsync = async (app) => {
  const signedIn = { preHandler: [app.authenticate] };

  /** 201 with the new sign-on; 200 with the stored one when the worker had signed this revision already. */
  app.post('/site/:siteId/swms/:swmsId/signon', signedIn, async (request, reply): Promise<SwmsSignOnResult> => {
    const { siteId, swmsId } = sitePath(request);
    const outcome = await signOn(app, request, siteId, swmsId, request.body);
    reply.code(outcome.created ? 201 : 200);
    return outcome.result;
  });

  app.get('/site/:siteId/signons', signedIn, async (request): Promise<SiteSwmsToSign> => siteSwmsToSign(app, request, sitePath(request).siteId));

  app.get('/company/:companyId/swms/:swmsId/signons', signedIn, async (request): Promise<SwmsSignOns> => {
    const reader = requireCompanyReader(request, rawParam(request, 'companyId'));
    const { swmsId } = decodeOr400(SwmsParams, request.params);
    return swmsSignOns(app, request, reader, swmsId);
  });

  app.get('/company/:id/projectSites/:siteId/signon-gaps', signedIn, async (request): Promise<SignOnGaps> => {
    const companyId = requireSiteAccess(request, rawParam(request, 'id'), siteReaders);
    const { siteId } = decodeOr400(SiteParams, request.params);
    return signOnGaps(app, request, companyId, siteId);
  });
};
