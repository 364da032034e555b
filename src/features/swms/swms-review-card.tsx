import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { swmsReviewMachine } from '../../../machines/swms-review.machine';
import * as review from '../../../machines/swms-review.selectors';
import { formatActivity } from '../../domain/dates';
import { maxSwmsCommentLength, swmsCommentPartLabels, swmsCommentParts, type ReviewFlag, type SwmsCommentPart } from '../../domain/swms';
import { Button } from '../../ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { Field, FieldHint, FieldLabel, FieldTextarea } from '../../ui/field';
import { Select } from '../../ui/select';
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

const partOptions = [
  { value: '', label: swmsText.wholeSwms },
  ...swmsCommentParts.map((part) => ({ value: part, label: swmsCommentPartLabels[part] })),
];

const isPart = (value: string): value is SwmsCommentPart => (swmsCommentParts as readonly string[]).includes(value);

/** Issue 57: 'Request changes' asks for a comment (and optionally the part it is about); the machine sends it. */
function RequestChanges({ actor }: { readonly actor: ReviewActor }) {
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const [part, setPart] = useState('');
  const saving = useSelector(actor, review.isSaving);
  const typed = comment.trim();
  const send = () => {
    if (typed.length === 0) return;
    actor.send({ type: 'review.requestChanges', comment: typed, ...(isPart(part) ? { part } : {}) });
    setOpen(false);
    setComment('');
    setPart('');
  };
  return (
    <OnDemandDialog
      open={open}
      onOpenChange={setOpen}
      trigger={(props) => (
        <Button {...props} variant="secondary" disabled={saving}>
          {swmsText.requestChanges}
        </Button>
      )}
    >
      {({ DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle }) => (
        <DialogContent>
          <form
            className="swms-request-form"
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <DialogHeader>
              <DialogTitle>{swmsText.requestTitle}</DialogTitle>
              <DialogDescription>{swmsText.requestDescription}</DialogDescription>
            </DialogHeader>
            <Field hasHint>
              <FieldLabel>{swmsText.commentLabel}</FieldLabel>
              <FieldTextarea required rows={5} maxLength={maxSwmsCommentLength} value={comment} onChange={(event) => setComment(event.target.value)} />
              <FieldHint aria-live="polite">{swmsText.commentCount([...comment].length, maxSwmsCommentLength)}</FieldHint>
            </Field>
            <Field>
              <FieldLabel id="swms-request-part-label">{swmsText.partLabel}</FieldLabel>
              <Select value={part} options={partOptions} onValueChange={setPart} labelledBy="swms-request-part-label" />
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  {swmsText.cancel}
                </Button>
              </DialogClose>
              <Button type="submit" variant="accent" disabled={typed.length === 0}>
                {swmsText.sendRequest}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      )}
    </OnDemandDialog>
  );
}

const roleLabels: Record<ReviewFlag, string> = { companyAdmin: swmsText.adminRole, supervisor: swmsText.supervisorRole };

/** Issue 57: every request for changes, oldest first, with who asked, when and about which part. */
export function SwmsCommentsCard({ actor }: { readonly actor: ReviewActor }) {
  const comments = useSelector(actor, review.comments);
  if (comments.length === 0) return null;
  return (
    <Card aria-labelledby="swms-comments-title">
      <CardHeader>
        <CardTitle id="swms-comments-title">{swmsText.comments}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="swms-comments">
          {comments.map((comment) => (
            <li key={comment._id} className="swms-comment">
              <p className="swms-comment-meta">
                {swmsText.commentBy(`${comment.author.firstName} ${comment.author.surname}`.trim(), roleLabels[comment.role], formatActivity(comment.createdAt))}
                {' · '}
                {swmsText.commentRevision(comment.revision)}
                {comment.part === null ? null : (
                  <>
                    {' · '}
                    {swmsText.commentAbout(swmsCommentPartLabels[comment.part])}
                  </>
                )}
              </p>
              <p className="swms-comment-text">{comment.text}</p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/** Spec §2 and §4: both review flags; 'Check as Reviewed' for the viewer's own flag until it is set. */
export function SwmsReviewCard({ actor }: { readonly actor: ReviewActor }) {
  const canCheck = useSelector(actor, review.canCheckAsReviewed);
  const canReturn = useSelector(actor, review.canReturnForReview);
  const canRequest = useSelector(actor, review.canRequestChanges);
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
      {canCheck || marking || canReturn || canRequest ? (
        <CardFooter>
          {canReturn ? <ReturnForReview actor={actor} /> : null}
          {canRequest ? <RequestChanges actor={actor} /> : null}
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
