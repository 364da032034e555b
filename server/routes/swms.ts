import type { FastifyPluginAsync } from 'fastify';
import {
  swmsMessages,
  SwmsListQuery,
  SwmsStatusChange,
  type Swms,
  type SwmsBulkResult,
  type SwmsList,
  type SwmsMatchingResult,
  type SwmsRevisionSummary,
} from '../../src/domain/swms';
import type { AuditEvent } from '../../src/domain/audit';
import { swmsHistory } from '../audit/repository';
import { settleCompanyCheck } from '../auth/company-check';
import { badRequest, decodeOr400 } from '../http/errors';
import { listJson } from '../http/json-text';
import { requireCompanyReader, requireCompanyReviewer } from '../swms/access';
import { changeMatchingReviewStatus, changeReviewStatus, readSwms, requestChanges, searchSwms } from '../swms/service';
import { rawParam, SwmsParams, SwmsRevisionParams } from '../swms/params';
import { readRevision, readRevisions } from '../swms/revisions';

/** Spec §7 SWMS calls (issue 5): the list, one SWMS, and the single, bulk and select-all review. */
export const swmsRoutes: FastifyPluginAsync = async (app) => {
  const signedIn = { preHandler: [app.authenticate] };

  app.get('/company/:id/swms', { ...signedIn, config: { checksCompanyInStatement: true } }, async (request, reply) => {
    const reviewer = requireCompanyReader(request, rawParam(request, 'id'));
    const { answer, companyLive } = await searchSwms(app, reviewer, decodeOr400(SwmsListQuery, request.query));
    settleCompanyCheck(request, companyLive);
    return reply.type('application/json; charset=utf-8').send(listJson<SwmsList>(answer));
  });

  app.get('/company/:companyId/swms/:swmsId', signedIn, async (request): Promise<Swms> => {
    const reviewer = requireCompanyReader(request, rawParam(request, 'companyId'));
    const params = decodeOr400(SwmsParams, request.params);
    return readSwms(app, reviewer, params.swmsId);
  });

  app.get('/company/:companyId/swms/:swmsId/history', signedIn, async (request): Promise<AuditEvent[]> => {
    const reader = requireCompanyReader(request, rawParam(request, 'companyId'));
    const { swmsId } = decodeOr400(SwmsParams, request.params);
    await readSwms(app, reader, swmsId);
    return swmsHistory(app.db, reader.companyId, swmsId);
  });

  app.get('/company/:companyId/swms/:swmsId/revisions', signedIn, async (request): Promise<SwmsRevisionSummary[]> => {
    const reader = requireCompanyReader(request, rawParam(request, 'companyId'));
    const { swmsId } = decodeOr400(SwmsParams, request.params);
    return readRevisions(app, reader, swmsId);
  });

  app.get('/company/:companyId/swms/:swmsId/revisions/:revision', signedIn, async (request): Promise<Swms> => {
    const reader = requireCompanyReader(request, rawParam(request, 'companyId'));
    const params = decodeOr400(SwmsRevisionParams, request.params);
    return readRevision(app, reader, params.swmsId, Number(params.revision));
  });

  app.put('/company/:id/swms', { ...signedIn, config: { liveTopic: 'swms' } }, async (request): Promise<Swms | SwmsBulkResult | SwmsMatchingResult> => {
    const reviewer = requireCompanyReviewer(request, rawParam(request, 'id'));
    const change = decodeOr400(SwmsStatusChange, request.body);
    if (change.company !== undefined && change.company !== reviewer.companyId) throw badRequest(swmsMessages.company);
    const status = change.status;
    if (status === 'changesRequested') {
      // The body's schema holds a request for changes to one swmsId with its comment.
      if (change.swmsId === undefined || change.comment === undefined) throw badRequest(swmsMessages.commentRequired);
      return requestChanges(app, reviewer, change.swmsId, change.comment, change.part ?? null);
    }
    if (change.matching !== undefined) {
      return changeMatchingReviewStatus(app, reviewer, change.matching, change.excludedIds ?? [], status);
    }
    if (change.swmsIds !== undefined) {
      return { items: await changeReviewStatus(app, reviewer, change.swmsIds, status, true) };
    }
    const [swms] = await changeReviewStatus(app, reviewer, change.swmsId === undefined ? [] : [change.swmsId], status, false);
    if (!swms) throw badRequest(swmsMessages.target);
    return swms;
  });
};
