import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { applyTarget, type bulkSelectionMachine } from '../../../machines/bulk-selection.machine';
import * as bulk from '../../../machines/bulk-selection.selectors';
import { pdfExportMachine, type ExportTarget } from '../../../machines/pdf-export.machine';
import { exportSwmsPdf } from '../../api/export-swms-pdf';
import { Button } from '../../ui/button';
import { Progress } from '../../ui/progress';
import { toast } from '../../ui/toast-store';
import { swmsText } from './strings';
import { filterKeyOf } from './swms-list-query';

type SelectionActor = ActorRefFrom<typeof bulkSelectionMachine>;

function exportLogic(companyId: string, progress: (received: number, total: number | null) => void) {
  return pdfExportMachine.provide({
    actors: {
      exportPdf: fromPromise<void, { target: ExportTarget }>(({ input: { target }, signal }) =>
        exportSwmsPdf(
          companyId,
          target.mode === 'ids'
            ? { swmsIds: target.ids }
            : { matching: { ...(target.search ? { search: target.search } : {}), ...(filterKeyOf(target.filter) ? { filter: filterKeyOf(target.filter) } : {}) }, excludedIds: target.excludedIds },
          { signal, onDownloadProgress: progress },
        ),
      ),
    },
  });
}

/** Issue 9: 'Export PDF' for the SWMS selected in the list (select-all across pages included), with progress. */
export function SwmsExport({ companyId, selection }: { readonly companyId: string; readonly selection: SelectionActor }) {
  const count = useSelector(selection, bulk.count);
  const actor = useActorRef(exportLogic(companyId, (received, total) => actor.send({ type: 'export.progress', progress: { received, total } })));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress);
  const exporting = useSelector(actor, (snapshot) => snapshot.context.count);

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  const start = () => {
    const target = applyTarget(selection.getSnapshot().context);
    const exportTarget: ExportTarget =
      target.mode === 'ids' ? target : { mode: 'allMatching', search: target.matching.search, filter: target.matching.filter, excludedIds: target.excludedIds };
    actor.send({ type: 'export.start', target: exportTarget, count });
  };

  if (!busy) {
    return (
      <Button variant="secondary" disabled={count === 0} onClick={start}>
        {swmsText.exportPdf}
      </Button>
    );
  }
  const received = progress?.total ? Math.round((progress.received / progress.total) * 100) : null;
  return (
    <div className="swms-export" role="status" aria-live="polite">
      <span>{received === null ? swmsText.preparingPdf(exporting) : swmsText.downloadingPdf(received)}</span>
      <Progress value={received} aria-label={swmsText.exportProgress} className="swms-export-progress" />
      <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'export.cancel' })}>
        {swmsText.cancel}
      </Button>
    </div>
  );
}
