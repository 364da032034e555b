import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Swms } from '../../domain/swms';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { pdfExportLogic } from './pdf-export-logic';
import { swmsText } from './strings';

/** Issue 9: the whole SWMS as an A4 PDF, written by the server with its reviews and history. */
export function SwmsPdfButton({ companyId, swms }: { readonly companyId: string; readonly swms: Swms }) {
  const actor = useActorRef(pdfExportLogic(companyId));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));

  useEffect(() => {
    const subscription = actor.on('toast', ({ tone, message }) => toast[tone](message));
    return () => subscription.unsubscribe();
  }, [actor]);

  const download = () =>
    actor.send({
      type: 'export.start',
      target: { mode: 'one', swmsId: swms._id, fileName: `swms-${swms.site.siteNumber}-${swms.createdAt.slice(0, 10)}.pdf` },
      count: 1,
    });
  return (
    <Button variant="secondary" onClick={download} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
      {swmsText.downloadPdf}
    </Button>
  );
}
