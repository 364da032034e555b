import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../domain/dates';
import { newSwmsPath, revisePath } from '../../domain/swms-draft';
import { keptDrafts, type KeptDraft } from '../../flows/swms-outbox/kept-drafts';
import { useNetworkEvents } from '../../components/network/use-network-events';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { AlertIcon } from '../../ui/icons';
import { loadProfileDraft } from './draft-storage';
import { offlineText } from './strings';

/**
 * The line that says the screen is offline and why it shows less, with a way to try the portal again, which is tried
 * by itself as the signal returns.
 */
function OfflineLine({ message, onRetry }: { readonly message: string; readonly onRetry: () => void }) {
  useNetworkEvents((online) => {
    if (online) onRetry();
  });
  return (
    <div className="trades-notice trades-offline" role="status" data-slot="offline-line">
      <p className="trades-offline-text">
        <AlertIcon width={20} height={20} aria-hidden="true" />
        {message}
      </p>
      <Button variant="secondary" size="lg" onClick={onRetry}>
        {offlineText.tryAgain}
      </Button>
    </div>
  );
}

/** The user's SWMS drafts this phone keeps (IndexedDB), each opening the builder where it was left. */
function KeptDraftsCard({ userId }: { readonly userId: string }) {
  const titleId = useId();
  const [drafts, setDrafts] = useState<readonly KeptDraft[] | null>(null);
  useEffect(() => {
    let current = true;
    keptDrafts(userId).then(
      (kept) => current && setDrafts(kept),
      (error: unknown) => {
        console.error(error);
        if (current) setDrafts([]);
      },
    );
    return () => {
      current = false;
    };
  }, [userId]);
  if (drafts === null) return null;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{offlineText.draftsTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {drafts.length === 0 ? (
          <p className="muted">{offlineText.noDrafts}</p>
        ) : (
          <ul className="home-list">
            {drafts.map((draft) => {
              const task = draft.taskDescription.trim() || offlineText.untitledDraft;
              return (
                <li key={`${draft.siteId}/${draft.revisionOf ?? ''}`} className="home-list-item trades-offline-draft">
                  <span className="home-swms-task">{task}</span>
                  <span className="home-list-meta">{offlineText.savedAt(formatDateTime(draft.savedAt))}</span>
                  <Button asChild variant="secondary" size="lg">
                    <Link to={draft.revisionOf === null ? newSwmsPath(draft.siteId) : revisePath(draft.siteId, draft.revisionOf)} aria-label={offlineText.continueDraftFor(task)}>
                      {offlineText.continueDraft}
                    </Link>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Issue 55 §4: the home with no signal: the offline line and the SWMS drafts the phone keeps (the outbox shows above).
 * Loaded only when needed (the service worker keeps it), so the home's own code stays as small as it was.
 */
export function OfflineHome({ userId, onRetry }: { readonly userId: string; readonly onRetry: () => void }) {
  return (
    <>
      <OfflineLine message={offlineText.home} onRetry={onRetry} />
      <KeptDraftsCard userId={userId} />
    </>
  );
}

/** Issue 55 §4: the profile with no signal: it needs the portal's copy to open, and says whether typed changes wait here. */
export function OfflineProfile({ userId, onRetry }: { readonly userId: string; readonly onRetry: () => void }) {
  const [hasDraft] = useState(() => loadProfileDraft(userId) !== null);
  return (
    <>
      <OfflineLine message={offlineText.profile} onRetry={onRetry} />
      {hasDraft ? <p className="field-hint">{offlineText.profileDraftKept}</p> : null}
    </>
  );
}
