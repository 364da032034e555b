import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { applyTarget, type bulkSelectionMachine } from '../../../machines/bulk-selection.machine';
import * as bulk from '../../../machines/bulk-selection.selectors';
import type { ExportTarget } from '../../../machines/pdf-export.machine';
import { Button } from '../../ui/button';
import { Progress } from '../../ui/progress';
import { toast } from '../../ui/toast-store';
import { pdfExportLogic } from './pdf-export-logic';
import { swmsText } from './strings';

type SelectionActor = ActorRefFrom<typeof bulkSelectionMachine>;

/** Issue 9: 'Export PDF' for the SWMS selected in the list (select-all across pages included), with progress. */
export function SwmsExport({ companyId, selection }: { readonly companyId: string; readonly selection: SelectionActor }) {
  const count = useSelector(selection, bulk.count);
  const actor = useActorRef(pdfExportLogic(companyId, (received, total) => actor.send({ type: 'export.progress', progress: { received, total } })));
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
