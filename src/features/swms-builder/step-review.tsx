import type { ReactNode } from 'react';
import * as builder from '../../../machines/swms-builder.selectors';
import { PpeList } from '../../components/ppe/ppe-list';
import { RiskBandBadge } from '../../components/risk/risk-band-badge';
import { describeLevel, entryOf } from '../../components/risk/risk-levels';
import { highRiskWorkCategories } from '../../domain/high-risk-work';
import { consequenceScale, likelihoodScale, riskBand } from '../../domain/risk';
import type { PhotoSlot } from '../../domain/swms-draft';
import { swmsBuilderStepLabels, type SwmsBuilderStep } from '../../domain/swms-submission';
import { Button } from '../../ui/button';
import { AlertIcon, CheckIcon, PencilIcon } from '../../ui/icons';
import { builderText, stepHeadings } from './strings';
import { useBuilder, useBuilderSend } from './use-builder';

function Gaps() {
  const gaps = useBuilder(builder.gaps, (a, b) => a.length === b.length && a.every((gap, index) => gap.message === b[index]?.message));
  const send = useBuilderSend();
  if (gaps.length === 0) {
    return (
      <p className="review-complete" role="status">
        <CheckIcon /> {builderText.review.complete}
      </p>
    );
  }
  return (
    <section className="review-gaps" aria-labelledby="review-gaps-title">
      <h3 id="review-gaps-title" className="review-gaps-title">
        <AlertIcon /> {builderText.review.missingTitle}
      </h3>
      <p>{builderText.review.missingIntro}</p>
      <ul className="review-gap-list">
        {gaps.map((gap) => (
          <li key={gap.message}>
            <button type="button" className="review-gap" onClick={() => send({ type: 'builder.goto', step: gap.step })}>
              <span>{gap.message}</span>
              <span className="review-gap-step" aria-hidden="true">
                {swmsBuilderStepLabels[gap.step]}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SummarySection({ step, children }: { readonly step: SwmsBuilderStep; readonly children: ReactNode }) {
  const send = useBuilderSend();
  const titleId = `summary-${step}`;
  return (
    <section className="summary-section" aria-labelledby={titleId}>
      <div className="summary-head">
        <h3 id={titleId} className="summary-title">{stepHeadings[step]}</h3>
        <Button variant="ghost" size="lg" aria-label={builderText.review.edit(stepHeadings[step])} onClick={() => send({ type: 'builder.goto', step })}>
          <PencilIcon width={16} height={16} />
        </Button>
      </div>
      <dl className="summary-list">{children}</dl>
    </section>
  );
}

function Item({ label, value }: { readonly label: string; readonly value: ReactNode }) {
  return (
    <div className="summary-item">
      <dt>{label}</dt>
      <dd>{value === '' || value === null ? <span className="muted">{builderText.review.none}</span> : value}</dd>
    </div>
  );
}

function PhotoItem({ slot }: { readonly slot: PhotoSlot }) {
  const status = useBuilder(builder.photoStatus(slot), (a, b) => a.state === b.state && a.name === b.name);
  const value = status.state === 'uploaded' ? status.name : status.name ? `${status.name} (${builderText.review.photoOnPhone})` : null;
  return <Item label={builderText.review.photo} value={value} />;
}

function level(scale: typeof consequenceScale | typeof likelihoodScale, value: number | null) {
  const entry = value === null ? undefined : entryOf(scale, value);
  return entry ? describeLevel(entry) : <span className="muted">{builderText.review.notRated}</span>;
}

/** Step 6: what is missing (each a link to its step), what was entered, then Submit in the bottom bar. */
export function ReviewStep() {
  const draft = useBuilder(builder.draft);
  const error = useBuilder(builder.error);
  const { task } = draft;
  const chosen = highRiskWorkCategories.filter((category) => draft.highRiskWork.includes(category.code));
  const rated = draft.riskConsequenceLevel !== null && draft.riskLikelihoodLevel !== null;
  const overall = rated ? (draft.riskConsequenceLevel ?? 0) * (draft.riskLikelihoodLevel ?? 0) : null;
  return (
    <>
      {error ? (
        <p className="review-error" role="alert">
          <AlertIcon /> {error}
        </p>
      ) : null}
      <Gaps />
      <h3 className="summary-heading">{builderText.review.summary}</h3>
      <SummarySection step="highRiskWork">
        <Item
          label={stepHeadings.highRiskWork}
          value={chosen.length ? <ul className="summary-hrw">{chosen.map((category) => <li key={category.code}>({category.code}) {category.text}</li>)}</ul> : null}
        />
      </SummarySection>
      <SummarySection step="task">
        <Item label={builderText.task.description} value={task.taskDescription} />
        <Item label={builderText.task.mobilePlantTools} value={task.mobilePlantTools} />
      </SummarySection>
      <SummarySection step="hazards">
        <Item label={builderText.hazards.text} value={task.riskText} />
        <PhotoItem slot="riskPhoto" />
        <Item label={builderText.review.consequence} value={level(consequenceScale, draft.riskConsequenceLevel)} />
        <Item label={builderText.review.likelihood} value={level(likelihoodScale, draft.riskLikelihoodLevel)} />
        <Item
          label={builderText.review.rating}
          value={overall === null ? <span className="muted">{builderText.review.notRated}</span> : <><RiskBandBadge band={riskBand(overall)} /> {overall}</>}
        />
      </SummarySection>
      <SummarySection step="controls">
        <Item label={builderText.controls.text} value={task.controlText} />
        <PhotoItem slot="controlPhoto" />
        <Item label={builderText.controls.implementation} value={task.controlImplementation} />
        <Item label={builderText.controls.monitoring} value={task.controlMonitoring} />
        <Item label={builderText.controls.review} value={task.controlReview} />
      </SummarySection>
      <SummarySection step="ppe">
        <Item label={builderText.ppe.toggles} value={<PpeList ppe={task.ppe} emptyText={builderText.review.none} label={builderText.ppe.toggles} />} />
        <Item label={builderText.ppe.other} value={task.otherPpe} />
      </SummarySection>
    </>
  );
}
