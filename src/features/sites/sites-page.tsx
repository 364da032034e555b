import { cursorTo } from '../../domain/page-cursor';
import { Link, useParams } from 'react-router-dom';
import { DataTable } from '../../components/data-table/data-table';
import { ListEmptyState } from '../../components/data-table/list-empty-state';
import { siteStatusLabels, siteStatuses } from '../../domain/site-status';
import { Button } from '../../ui/button';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ErrorState } from '../../ui/status';
import { sitePaths } from './paths';
import { siteColumns, siteRowLabel } from './site-columns';
import { isSiteStatus, isSortKey } from './site-list-query';
import { SitesBulkMenu } from './sites-bulk-menu';
import { siteText } from './strings';
import { useSiteList } from './use-site-list';
import './sites.css';
import * as session from '../../../machines/session.selectors';
import { Session } from '../../flows/session/session-context';

const filterOptions = [
  { value: '', label: siteText.allStatuses },
  ...siteStatuses.map((status) => ({ value: status, label: siteStatusLabels[status] })),
];

const PlusIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
    <path d="M12 5v14M5 12h14" />
  </svg>
);

function CreateSiteButton({ companyId }: { readonly companyId: string }) {
  return (
    <Button asChild variant="accent">
      <Link to={sitePaths.add(companyId)}>
        <PlusIcon />
        {siteText.createButton}
      </Link>
    </Button>
  );
}

export function SitesPage() {
  const { companyId = '' } = useParams();
  const { query, rows, bulk, update, retry } = useSiteList(companyId);
  const readOnly = Session.useSelector(session.isReadOnly);
  const list = rows.list;
  const narrowed = query.search.trim() !== '' || query.status !== null;

  const empty = (
    <ListEmptyState
      narrowed={narrowed}
      noMatchesHint={siteText.noMatchesHint}
      clearLabel={siteText.clearQuery}
      onClear={() => update({ search: '', status: null })}
      emptyHint={siteText.emptyHint}
      emptyAction={readOnly ? null : <CreateSiteButton companyId={companyId} />}
    />
  );

  return (
    <Page className="site-page">
      <PageTitle>{siteText.list}</PageTitle>
      <PageToolbar>
        <p className="muted site-list-summary">{list ? `${list.total} ${siteText.itemsLabel}` : '\u00a0'}</p>
        {readOnly ? null : <CreateSiteButton companyId={companyId} />}
      </PageToolbar>
      <DataTable
        label={siteText.tableLabel}
        columns={siteColumns}
        rows={list?.items ?? []}
        getRowId={(site) => site._id}
        getRowLabel={siteRowLabel}
        rowHref={(site) => sitePaths.details(companyId, site._id)}
        selection={readOnly ? undefined : bulk}
        loading={rows.status === 'loading'}
        error={
          rows.status === 'failed' ? (
            <ErrorState onRetry={retry} />
          ) : undefined
        }
        empty={empty}
        sort={{ value: query.sort, onChange: (sort) => (isSortKey(sort) ? update({ sort }) : undefined) }}
        search={{ value: query.search, label: siteText.searchLabel, placeholder: siteText.searchPlaceholder, waitsForThird: true, onChange: (search) => update({ search }) }}
        filter={{ label: siteText.filterLabel, value: query.status ?? '', options: filterOptions, onChange: (status) => update({ status: isSiteStatus(status) ? status : null }) }}
        pagination={list ? { page: query.page, pageSize: list.pageSize, total: list.total, itemsLabel: siteText.itemsLabel, onPageChange: (page) => update({ page, cursor: cursorTo(query.page, page, list) }) } : undefined}
        actions={readOnly ? undefined : <SitesBulkMenu actor={bulk} />}
      />
    </Page>
  );
}
