import type { DataTableColumn } from '../../components/data-table/data-table';
import { StatusBadge } from '../../components/status-menu/status-badge';
import type { ProjectSite } from '../../domain/project-site';
import { siteStatusLabels } from '../../domain/site-status';
import { siteColumnLabels, siteText } from './strings';

/** Spec §2: sortable Street Address, Suburb, Site Supervisor, Client and Job No., then the status. */
export const siteColumns: readonly DataTableColumn<ProjectSite>[] = [
  { id: 'address', header: siteColumnLabels.address, sortKey: 'address.string', link: true, cell: (site) => site.address, card: 'title' },
  { id: 'suburb', header: siteColumnLabels.suburb, sortKey: 'suburb.string', cell: (site) => site.suburb },
  {
    id: 'supervisor',
    header: siteColumnLabels.supervisor,
    sortKey: 'supervisorName.string',
    cell: (site) => site.supervisorName ?? <span className="muted">{siteText.unallocated}</span>,
  },
  { id: 'client', header: siteColumnLabels.client, sortKey: 'clientName.string', cell: (site) => site.clientName },
  { id: 'siteNumber', header: siteColumnLabels.siteNumber, sortKey: 'siteNumber.string', cell: (site) => site.siteNumber, className: 'site-job-no' },
  {
    id: 'status',
    header: siteColumnLabels.status,
    cell: (site) => <StatusBadge status={site.status}>{siteStatusLabels[site.status]}</StatusBadge>,
    card: 'status',
  },
];

export const siteRowLabel = (site: ProjectSite) => `${site.address}, ${site.suburb}`;
