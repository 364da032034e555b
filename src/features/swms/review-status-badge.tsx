import { StatusBadge } from '../../components/status-menu/status-badge';
import { reviewStatusLabels, type ReviewStatus } from '../../domain/swms';

/** 'For Review' or 'Reviewed' (spec §4) as a badge; the word carries the meaning, the colour only helps. */
export function ReviewStatusBadge({ status }: { readonly status: ReviewStatus }) {
  return <StatusBadge status={status}>{reviewStatusLabels[status]}</StatusBadge>;
}
