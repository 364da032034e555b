import { useState } from 'react';
import { downloadSwmsPdf } from '../../api/download-swms-pdf';
import type { Swms } from '../../domain/swms';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { swmsText } from './strings';

/** Issue 9: the whole SWMS as an A4 PDF, written by the server with its reviews and history. */
export function SwmsPdfButton({ companyId, swms }: { readonly companyId: string; readonly swms: Swms }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadSwmsPdf(companyId, swms._id, `swms-${swms.site.siteNumber}-${swms.createdAt.slice(0, 10)}.pdf`)
      .catch(() => toast.error(swmsText.pdfFailed))
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="secondary" onClick={download} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
      {swmsText.downloadPdf}
    </Button>
  );
}
