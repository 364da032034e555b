import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { downloadAuditCsv } from '../../api/download-audit-csv';
import { TableFilter } from '../../components/data-table/table-filter';
import { TableSearch } from '../../components/data-table/table-search';
import { Button } from '../../ui/button';
import { Page, PageActions, PageTitle, PageToolbar } from '../../ui/page';
import { toast } from '../../ui/toast-store';
import { AuditEventList } from './audit-event-list';
import { ChainBanner } from './chain-banner';
import { actionOptions, auditText, targetOptions } from './strings';
import { useAuditFilters } from './use-audit-filters';
import './audit.css';

/** Issue 9 /company/{id}/audit: every change to the company's records, newest first, with the chain's verification. */
export function AuditPage() {
  const { companyId = '' } = useParams();
  const { filters, key, change, clear, active } = useAuditFilters();
  const [downloading, setDownloading] = useState(false);

  const download = () => {
    setDownloading(true);
    downloadAuditCsv(companyId, filters)
      .catch(() => toast.error(auditText.downloadFailed))
      .finally(() => setDownloading(false));
  };

  return (
    <Page className="audit-page">
      <PageTitle>{auditText.title}</PageTitle>
      <ChainBanner companyId={companyId} />
      <PageToolbar className="audit-toolbar">
        <TableSearch value={filters.search ?? ''} onChange={(search) => change({ search })} label={auditText.search} />
        <TableFilter label={auditText.action} value={filters.action ?? ''} options={actionOptions} onChange={(action) => change({ action })} />
        <TableFilter label={auditText.target} value={filters.targetType ?? ''} options={targetOptions} onChange={(targetType) => change({ targetType })} />
        <label className="audit-date">
          <span>{auditText.from}</span>
          <input type="date" className="input" value={(filters.from ?? '').slice(0, 10)} onChange={(event) => change({ from: event.target.value })} />
        </label>
        <label className="audit-date">
          <span>{auditText.to}</span>
          <input
            type="date"
            className="input"
            value={(filters.to ?? '').slice(0, 10)}
            onChange={(event) => change({ to: event.target.value ? `${event.target.value}T23:59:59.999` : '' })}
          />
        </label>
        <PageActions>
          <Button variant="secondary" onClick={download} disabled={downloading} aria-busy={downloading || undefined}>
            {downloading ? auditText.downloading : auditText.download}
          </Button>
        </PageActions>
      </PageToolbar>
      <AuditEventList key={key} companyId={companyId} filters={filters} onClear={active ? clear : undefined} />
    </Page>
  );
}
