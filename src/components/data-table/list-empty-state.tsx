import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/status';

interface ListEmptyStateProps {
  /** A search or filter narrowed the list. */
  readonly narrowed: boolean;
  readonly noMatchesHint: string;
  readonly clearLabel: string;
  readonly onClear: () => void;
  readonly emptyHint: string;
  readonly emptyAction?: ReactNode;
}

/** Issue 13 §3: an empty list says why: nothing matched (and offers to clear what narrowed it), or nothing is there yet. */
export function ListEmptyState({ narrowed, noMatchesHint, clearLabel, onClear, emptyHint, emptyAction }: ListEmptyStateProps) {
  if (!narrowed) return <EmptyState detail={emptyHint} action={emptyAction} />;
  return (
    <EmptyState
      detail={noMatchesHint}
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  );
}
