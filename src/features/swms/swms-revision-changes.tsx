import type { ReactNode } from 'react';
import { describeLevel, entryOf } from '../../components/risk/risk-levels';
import { consequenceScale, likelihoodScale } from '../../domain/risk';
import { ppeLabels, ppeValues, type Ppe } from '../../domain/ppe';
import type { Swms } from '../../domain/swms';
import { swmsRevisionDiff, type SwmsFieldChange } from '../../domain/swms-revision-diff';
import { SwmsPhoto } from './swms-photo';
import { swmsText } from './strings';

const fieldLabels: Record<SwmsFieldChange['field'], string> = {
  highRiskWork: swmsText.highRiskWork,
  riskConsequenceLevel: swmsText.consequence,
  riskLikelihoodLevel: swmsText.likelihood,
  taskDescription: swmsText.taskDescription,
  mobilePlantTools: swmsText.mobilePlantTools,
  riskText: swmsText.riskText,
  riskPhoto: swmsText.riskPhoto,
  controlText: swmsText.controlText,
  controlPhoto: swmsText.controlPhoto,
  controlImplementation: swmsText.controlImplementation,
  controlMonitoring: swmsText.controlMonitoring,
  controlReview: swmsText.controlReview,
  ppe: swmsText.ppe,
  otherPpe: swmsText.otherPpe,
};

function levelLabel(field: 'riskConsequenceLevel' | 'riskLikelihoodLevel', level: number): string {
  const entry = entryOf(field === 'riskConsequenceLevel' ? consequenceScale : likelihoodScale, level);
  return entry ? describeLevel(entry) : String(level);
}

const isPpe = (value: string): value is Ppe => (ppeValues as readonly string[]).includes(value);
const itemLabel = (field: 'highRiskWork' | 'ppe', item: string) => (field === 'ppe' && isPpe(item) ? ppeLabels[item] : item);

function Side({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="swms-change-side">
      <span className="swms-change-side-label">{label}</span>
      {children}
    </div>
  );
}

const shownText = (value: string) => (value.trim() ? <span className="swms-text">{value}</span> : <span className="muted">{swmsText.none}</span>);

function ChangeBody({ change }: { readonly change: SwmsFieldChange }) {
  switch (change.kind) {
    case 'text':
      return (
        <div className="swms-change-sides">
          <Side label={swmsText.before}>{shownText(change.before)}</Side>
          <Side label={swmsText.after}>{shownText(change.after)}</Side>
        </div>
      );
    case 'level':
      return (
        <div className="swms-change-sides">
          <Side label={swmsText.before}>{levelLabel(change.field, change.before)}</Side>
          <Side label={swmsText.after}>{levelLabel(change.field, change.after)}</Side>
        </div>
      );
    case 'photo':
      return (
        <div className="swms-change-sides">
          <Side label={swmsText.before}>
            <SwmsPhoto photo={change.before} alt={`${fieldLabels[change.field]}: ${swmsText.before}`} />
          </Side>
          <Side label={swmsText.after}>
            <SwmsPhoto photo={change.after} alt={`${fieldLabels[change.field]}: ${swmsText.after}`} />
          </Side>
        </div>
      );
    case 'list':
      return (
        <div className="swms-change-sides">
          <Side label={swmsText.removed}>
            {change.removed.length === 0 ? <span className="muted">{swmsText.none}</span> : <ul>{change.removed.map((item) => <li key={item}>{itemLabel(change.field, item)}</li>)}</ul>}
          </Side>
          <Side label={swmsText.added}>
            {change.added.length === 0 ? <span className="muted">{swmsText.none}</span> : <ul>{change.added.map((item) => <li key={item}>{itemLabel(change.field, item)}</li>)}</ul>}
          </Side>
        </div>
      );
  }
}

/** Issue 57 §2: the latest revision against the one before, field by field; photos side by side. */
export function SwmsRevisionChanges({ previous, latest }: { readonly previous: Swms; readonly latest: Swms }) {
  const changes = swmsRevisionDiff(previous, latest);
  const headingId = 'swms-changes-title';
  return (
    <section className="swms-changes" aria-labelledby={headingId}>
      <h3 id={headingId} className="swms-changes-title">
        {swmsText.changesSince(previous.revision)}
      </h3>
      {changes.length === 0 ? (
        <p className="muted">{swmsText.noChanges}</p>
      ) : (
        <dl className="swms-change-list">
          {changes.map((change) => (
            <div key={change.field} className="swms-change" data-field={change.field}>
              <dt>{fieldLabels[change.field]}</dt>
              <dd>
                <ChangeBody change={change} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
