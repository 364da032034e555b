import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime } from '../../domain/dates';
import { reviewStatusOf, type SwmsListItem } from '../../domain/swms';
import { RiskBandBadge } from '../../components/risk/risk-band-badge';
import { riskBand } from '../../domain/risk';
import { ReviewFlagMark, ReviewStatusBadge } from './review-status-badge';
import { swmsText } from './strings';

const submitterName = (row: SwmsListItem) => `${row.submittedBy.firstName} ${row.submittedBy.surname}`.trim();

export const swmsRowLabel = (row: SwmsListItem) => swmsText.rowLabel(submitterName(row), formatDateTime(row.createdAt, row.siteTimeZone));

/** Spec §2 SWMS list columns; Status is the viewer's own flag (spec §4). */
export const swmsColumns: readonly DataTableColumn<SwmsListItem>[] = [
  { id: 'submittedBy', header: swmsText.submittedBy, cell: submitterName, link: true, card: 'title' },
  { id: 'siteAddress', header: swmsText.siteAddress, cell: (row) => row.siteAddress, className: 'swms-col-address' },
  { id: 'siteNumber', header: swmsText.jobNoColumn, cell: (row) => row.siteNumber, sortKey: 'siteNumber.number', className: 'swms-col-job' },
  {
    id: 'createdAt',
    header: swmsText.dateTimeSubmitted,
    cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, row.siteTimeZone)}</time>,
    sortKey: 'createdAt.date',
    className: 'swms-col-date',
  },
  { id: 'status', header: swmsText.status, cell: (row) => <ReviewStatusBadge status={row.status} />, card: 'status' },
  {
    id: 'reviews',
    header: swmsText.reviews,
    cell: (row) => (
      <span className="swms-flags">
        <ReviewFlagMark who={swmsText.adminFlag} status={reviewStatusOf(row.adminReviewedAt, row.adminChangesRequestedAt)} />
        <ReviewFlagMark who={swmsText.supervisorFlag} status={reviewStatusOf(row.supervisorReviewedAt, row.supervisorChangesRequestedAt)} />
        <RiskBandBadge className="swms-list-risk" band={riskBand(row.riskOverallLevel)} />
      </span>
    ),
  },
];
