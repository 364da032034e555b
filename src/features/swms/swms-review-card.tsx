import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { swmsReviewMachine } from '../../../machines/swms-review.machine';
import * as review from '../../../machines/swms-review.selectors';
import { formatActivity } from '../../domain/dates';
import type { ReviewFlag } from '../../domain/swms';
import { Button } from '../../ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { OnDemandDialog } from '../../ui/dialog-on-demand';
import { CheckIcon } from '../../ui/icons';
import { ReviewStatusBadge } from './review-status-badge';
import { swmsText } from './strings';

type ReviewActor = ActorRefFrom<typeof swmsReviewMachine>;

const flagLabels: Record<ReviewFlag, string> = {
  companyAdmin: swmsText.companyAdminReview,
  supervisor: swmsText.supervisorReview,
};

function FlagStatus({ actor, which }: { readonly actor: ReviewActor; readonly which: ReviewFlag }) {
  const flag = useSelector(actor, review.flag(which));
  const own = useSelector(actor, review.viewerFlag) === which;
  return (
    <DetailItem
      label={
        <>
          {flagLabels[which]}
          {own ? <span className="swms-yours">{swmsText.yourRole}</span> : null}
        </>
      }
      data-flag={which}
    >
      {flag.reviewedAt === null ? (
        <ReviewStatusBadge status={flag.status} />
      ) : (
        <span className="swms-reviewed">
          <CheckIcon className="swms-reviewed-icon" width={18} height={18} />
          {swmsText.reviewedBy(flag.reviewerName, formatActivity(flag.reviewedAt))}
        </span>
      )}
    </DetailItem>
  );
}

function ReturnForReview({ actor }: { readonly actor: ReviewActor }) {
  const [open, setOpen] = useState(false);
  const saving = useSelector(actor, review.isSaving);
  const confirm = () => {
    actor.send({ type: 'review.return' });
    setOpen(false);
  };
  return (
    <OnDemandDialog
      open={open}
      onOpenChange={setOpen}
      trigger={(props) => (
        <Button {...props} variant="ghost" size="sm" disabled={saving}>
          {swmsText.returnForReview}
        </Button>
      )}
    >
      {({ DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle }) => (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{swmsText.returnTitle}</DialogTitle>
            <DialogDescription>{swmsText.returnDescription}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{swmsText.cancel}</Button>
            </DialogClose>
            <Button variant="danger" onClick={confirm}>
              {swmsText.returnForReview}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </OnDemandDialog>
  );
}

/** Spec §2 and §4: both review flags; 'Check as Reviewed' for the viewer's own flag until it is set. */
export function SwmsReviewCard({ actor }: { readonly actor: ReviewActor }) {
  const canCheck = useSelector(actor, review.canCheckAsReviewed);
  const canReturn = useSelector(actor, review.canReturnForReview);
  const marking = useSelector(actor, review.isMarkingOwnFlag);
  return (
    <Card aria-labelledby="swms-review-title">
      <CardHeader>
        <CardTitle id="swms-review-title">{swmsText.review}</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList>
          <FlagStatus actor={actor} which="companyAdmin" />
          <FlagStatus actor={actor} which="supervisor" />
        </DetailList>
      </CardContent>
      {canCheck || marking || canReturn ? (
        <CardFooter>
          {canReturn ? <ReturnForReview actor={actor} /> : null}
          {canCheck || marking ? (
            <Button variant="accent" disabled={marking} aria-busy={marking || undefined} onClick={() => actor.send({ type: 'review.mark' })}>
              {marking ? <span className="button-spinner" aria-hidden="true" /> : null}
              {swmsText.checkAsReviewed}
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
    </Card>
  );
}
