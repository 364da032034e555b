import type { ReactNode } from 'react';
import { PpeList } from '../../components/ppe/ppe-list';
import { RiskBandBadge } from '../../components/risk/risk-band-badge';
import { formatDateTime } from '../../domain/dates';
import type { Swms } from '../../domain/swms';
import { readAndSignText } from './strings';

function Section({ id, title, children }: { readonly id: string; readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="reading-section" aria-labelledby={id}>
      <h3 id={id} className="reading-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Text({ children }: { readonly children: string }) {
  return children.trim() ? <p className="reading-text">{children}</p> : <p className="muted">{readAndSignText.none}</p>;
}

function Photo({ photo, alt }: { readonly photo: { readonly url: string } | null; readonly alt: string }) {
  if (!photo) return null;
  return (
    <a className="reading-photo" href={photo.url} target="_blank" rel="noreferrer">
      <img src={photo.url} alt={alt} loading="lazy" />
    </a>
  );
}

const controlSteps = ['controlImplementation', 'controlMonitoring', 'controlReview'] as const;

/** Issue 57 §3: the whole revision in one column, in the order a worker needs it: the work, its hazards, the controls, the PPE. */
export function SwmsReading({ swms }: { readonly swms: Swms }) {
  const { task } = swms;
  const author = `${swms.createdUserDetails.firstName} ${swms.createdUserDetails.surname}`.trim();
  return (
    <article className="reading" aria-labelledby="reading-heading">
      <header className="reading-head">
        <p className="reading-revision">{readAndSignText.revision(swms.revision)}</p>
        <h2 id="reading-heading" className="reading-heading">
          {task.taskDescription}
        </h2>
        <p className="muted">{readAndSignText.writtenBy(author, formatDateTime(swms.createdAt, swms.site.timeZone))}</p>
        <p className="muted">{swms.site.fullAddress}</p>
      </header>
      <Section id="reading-high-risk" title={readAndSignText.highRiskWork}>
        {swms.highRiskWork.length === 0 ? (
          <p className="muted">{readAndSignText.noHighRiskWork}</p>
        ) : (
          <ul className="reading-list">
            {swms.highRiskWork.map((work, index) => (
              <li key={`${index}-${work}`}>{work}</li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="reading-task" title={readAndSignText.task}>
        <Text>{task.taskDescription}</Text>
        <h4 className="reading-subtitle">{readAndSignText.mobilePlantTools}</h4>
        <Text>{task.mobilePlantTools}</Text>
      </Section>
      <Section id="reading-hazards" title={readAndSignText.hazards}>
        <Text>{task.riskText}</Text>
        <Photo photo={task.riskPhoto} alt={readAndSignText.riskPhoto} />
        <p className="reading-risk">
          <span>{readAndSignText.risk}</span>
          <RiskBandBadge band={swms.riskBand} />
          <span className="muted">{`${swms.riskConsequenceLevel} × ${swms.riskLikelihoodLevel} = ${swms.riskOverallLevel}`}</span>
        </p>
      </Section>
      <Section id="reading-controls" title={readAndSignText.controls}>
        <Text>{task.controlText}</Text>
        <Photo photo={task.controlPhoto} alt={readAndSignText.controlPhoto} />
        {controlSteps.map((field) =>
          task[field].trim() ? (
            <div key={field}>
              <h4 className="reading-subtitle">{readAndSignText[field]}</h4>
              <p className="reading-text">{task[field]}</p>
            </div>
          ) : null,
        )}
      </Section>
      <Section id="reading-ppe" title={readAndSignText.ppe}>
        <PpeList ppe={task.ppe} emptyText={readAndSignText.none} label={readAndSignText.ppe} />
        {task.otherPpe.trim() ? (
          <>
            <h4 className="reading-subtitle">{readAndSignText.otherPpe}</h4>
            <p className="reading-text">{task.otherPpe}</p>
          </>
        ) : null}
      </Section>
    </article>
  );
}
