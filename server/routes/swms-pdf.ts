import type { FastifyPluginAsync } from 'fastify';
import { defaultViewerTimeZone } from '../../src/domain/site-time-zone';
import { filteredReviewStatus, maxSwmsExport, swmsMessages, SwmsExportRequest } from '../../src/domain/swms';
import { badRequest, decodeOr400 } from '../http/errors';
import { swmsRecords } from '../pdf/swms-records';
import { requireCompanyReader } from '../swms/access';
import { listSwms } from '../swms/repository';
import { readSwms } from '../swms/service';
import { rawParam, SwmsParams } from '../swms/params';

// The PDF writer (pdfkit and its fonts) loads on the first PDF asked for, not at every start.
const pdfWriter = () => import('../pdf/swms-pdf');

/** Issue 9 records to take away: one SWMS, or a selection, as A4 PDF written on the server. */
export const swmsPdfRoutes: FastifyPluginAsync = async (app) => {
  const signedIn = { preHandler: [app.authenticate] };

  app.get('/company/:companyId/swms/:swmsId/pdf', signedIn, async (request, reply) => {
    const reader = requireCompanyReader(request, rawParam(request, 'companyId'));
    const { swmsId } = decodeOr400(SwmsParams, request.params);
    await readSwms(app, reader, swmsId);
    const [record] = await swmsRecords(app, request.user, reader.companyId, [swmsId]);
    if (!record) throw badRequest(swmsMessages.notAuthorised);
    const pdf = await (await pdfWriter()).swmsPdf(record);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="swms-${record.swms.site.siteNumber}-${swmsId.slice(0, 8)}.pdf"`)
      .send(pdf);
  });

  app.post('/company/:id/swms/pdf', { ...signedIn, config: { readsOnly: true } }, async (request, reply) => {
    const reader = requireCompanyReader(request, rawParam(request, 'id'));
    const body = decodeOr400(SwmsExportRequest, request.body);
    let ids: readonly string[];
    if (body.matching) {
      const excluded = new Set(body.excludedIds ?? []);
      const { rows, total } = await listSwms(
        app.db,
        {
          companyId: reader.companyId,
          flag: reader.flag,
          search: body.matching.search ?? '',
          reviewFilter: filteredReviewStatus(body.matching.filter),
          sort: 'createdAt.date.desc',
          start: { kind: 'page', page: 1 },
          pageSize: maxSwmsExport + excluded.size,
        },
        'export',
      );
      ids = rows.map((row) => row.id).filter((id) => !excluded.has(id));
      // The count says how many the selection holds, however many of the excluded it contains.
      if (ids.length > maxSwmsExport || total - excluded.size > maxSwmsExport) throw badRequest(swmsMessages.exportTooMany);
    } else {
      ids = body.swmsIds ?? [];
    }
    const records = await swmsRecords(app, request.user, reader.companyId, ids);
    if (records.length !== new Set(ids).size) throw badRequest(swmsMessages.refused);
    if (records.length === 0) throw badRequest(swmsMessages.exportTooMany);
    const company = records[0]?.companyName ?? '';
    const pdf = await (await pdfWriter()).swmsBundlePdf(company, records, body.timeZone ?? defaultViewerTimeZone);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="swms-records-${records.length}.pdf"`)
      .send(pdf);
  });
};
