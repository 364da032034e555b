import { fromPromise } from 'xstate';
import { pdfExportMachine, type ExportTarget } from '../../../machines/pdf-export.machine';
import { downloadSwmsPdf } from '../../api/download-swms-pdf';
import { exportSwmsPdf } from '../../api/export-swms-pdf';
import type { SwmsExportRequest } from '../../domain/swms';
import { filterKeyOf } from './swms-list-query';

type SelectionTarget = Exclude<ExportTarget, { mode: 'one' }>;

function exportRequestOf(target: SelectionTarget): SwmsExportRequest {
  if (target.mode === 'ids') return { swmsIds: target.ids };
  const filter = filterKeyOf(target.filter);
  return { matching: { ...(target.search ? { search: target.search } : {}), ...(filter ? { filter } : {}) }, excludedIds: target.excludedIds };
}

/** The pdf-export machine with the company's calls: one SWMS's own PDF, or one combined PDF of a selection. */
export function pdfExportLogic(companyId: string, onProgress?: (received: number, total: number | null) => void) {
  return pdfExportMachine.provide({
    actors: {
      exportPdf: fromPromise<void, { target: ExportTarget }>(({ input: { target }, signal }) =>
        target.mode === 'one'
          ? downloadSwmsPdf(companyId, target.swmsId, target.fileName, { signal })
          : exportSwmsPdf(companyId, exportRequestOf(target), { signal, ...(onProgress ? { onDownloadProgress: onProgress } : {}) }),
      ),
    },
  });
}
