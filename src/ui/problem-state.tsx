import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from './button';
import { ArrowLeftIcon, SearchIcon, ShieldIcon } from './icons';
import { PageTitle, PageToolbar } from './page';
import { BackLink, ErrorState } from './status';
import './styles/problem-state.css';

/** The failed reads a detail page tells apart (machines/load-problem.ts decides which from the HTTP status). */
type PageProblem = 'notFound' | 'notAllowed' | 'failed';

const problemMessages = {
  notFoundTitle: 'Not Found',
  notAllowedTitle: 'Not Authorised',
  notFound: 'This page does not exist',
  /** Spec §2 and §8. */
  notAllowed: 'You are not authorised to view this page',
  notFoundDetail: 'The link may be mistyped or out of date, or what it pointed to has been removed.',
  notAllowedDetail: 'It belongs to another company, or your role does not give access to it.',
} as const;

export interface ProblemStateProps {
  readonly problem: PageProblem;
  /** The page's own title: kept for a failure worth retrying, replaced for not found and not allowed. */
  readonly title: string;
  /** What could not be found, e.g. 'This client does not exist'. */
  readonly notFound?: string;
  /** What may not be viewed; the spec's 'You are not authorised to view this page' unless the page has its own. */
  readonly notAllowed?: string;
  /** Why, in a sentence, when the page knows better than the problem's own ('The link may be mistyped…'). */
  readonly detail?: string;
  /** The way back: where, and what it reads, e.g. 'Back to Clients'. */
  readonly backTo: string;
  readonly backLabel: string;
  /** 'Try again' for a failure: the screen's own reload when it has one, else the page loads again. */
  readonly onRetry?: () => void;
  readonly onBack?: (event: { preventDefault(): void }) => void;
}

function Explanation({ problem, message, detail, children }: { problem: 'notFound' | 'notAllowed'; message: string; detail: string; children: ReactNode }) {
  const Icon = problem === 'notFound' ? SearchIcon : ShieldIcon;
  return (
    <section data-slot="problem-state" data-problem={problem} className="problem-state" aria-labelledby="problem-state-title">
      <span className="problem-state-icon" aria-hidden="true">
        <Icon width={28} height={28} />
      </span>
      <h2 id="problem-state-title" className="problem-state-title">
        {message}
      </h2>
      <p className="problem-state-detail">{detail}</p>
      <div className="problem-state-actions">{children}</div>
    </section>
  );
}

/**
 * Issue 13 §2: a detail page whose record cannot be shown says why under an honest title, with a way
 * back. A failure that may pass keeps the page's title and offers 'Try again'.
 */
export function ProblemState({ problem, title, notFound, notAllowed, detail, backTo, backLabel, onRetry, onBack }: ProblemStateProps) {
  if (problem === 'failed') {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <PageToolbar>
          <BackLink to={backTo} onClick={onBack} />
        </PageToolbar>
        <ErrorState onRetry={onRetry} />
      </>
    );
  }
  const found = problem === 'notFound';
  return (
    <>
      <PageTitle>{found ? problemMessages.notFoundTitle : problemMessages.notAllowedTitle}</PageTitle>
      <Explanation
        problem={problem}
        message={found ? (notFound ?? problemMessages.notFound) : (notAllowed ?? problemMessages.notAllowed)}
        detail={detail ?? (found ? problemMessages.notFoundDetail : problemMessages.notAllowedDetail)}
      >
        <Button asChild>
          <Link to={backTo} onClick={onBack}>
            <ArrowLeftIcon width={16} height={16} />
            {backLabel}
          </Link>
        </Button>
      </Explanation>
    </>
  );
}
