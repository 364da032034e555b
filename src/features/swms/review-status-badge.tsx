import { StatusBadge } from '../../components/status-menu/status-badge';
import { reviewStatusLabels, type ReviewStatus } from '../../domain/swms';
import { swmsText } from './strings';

/** 'For Review' or 'Reviewed' (spec §4) as a badge; the word carries the meaning, the colour only helps. */
/** One reviewer's flag in the list, e.g. 'Admin ✓'; the label reads it out in words. */
export function ReviewFlagMark({ who, reviewed }: { readonly who: string; readonly reviewed: boolean }) {
  const status = reviewed ? 'reviewed' : 'forReview';
  return (
    <span className="swms-flag" data-status={status} role="img" aria-label={swmsText.flagLabel(who, reviewed)} title={swmsText.flagLabel(who, reviewed)}>
      <span aria-hidden="true">{who}</span>
      <span aria-hidden="true" className="swms-flag-mark">
        {reviewed ? '✓' : '–'}
      </span>
    </span>
  );
}

export function ReviewStatusBadge({ status }: { readonly status: ReviewStatus }) {
  return <StatusBadge status={status}>{reviewStatusLabels[status]}</StatusBadge>;
}
