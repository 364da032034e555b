import { StatusBadge } from '../../components/status-menu/status-badge';
import { reviewStatusLabels, type ReviewStatus } from '../../domain/swms';
import { swmsText } from './strings';

/** 'For Review' or 'Reviewed' (spec §4) as a badge; the word carries the meaning, the colour only helps. */
/** One reviewer's flag in the list, e.g. 'Admin ✓'; the label reads it out in words. */
export function ReviewFlagMark({ who, status }: { readonly who: string; readonly status: ReviewStatus }) {
  const label = swmsText.flagLabel(who, status);
  return (
    <span className="swms-flag" data-status={status} role="img" aria-label={label} title={label}>
      <span aria-hidden="true">{who}</span>
      <span aria-hidden="true" className="swms-flag-mark">
        {flagMarks[status]}
      </span>
    </span>
  );
}

const flagMarks: Record<ReviewStatus, string> = { reviewed: '✓', changesRequested: '!', forReview: '–' };

export function ReviewStatusBadge({ status }: { readonly status: ReviewStatus }) {
  return <StatusBadge status={status}>{reviewStatusLabels[status]}</StatusBadge>;
}
