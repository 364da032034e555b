import type { DiagramTransition, StatechartModel } from './statechart-model';
import { workflowText } from './strings';

const arrowWords = (transition: DiagramTransition) => [transition.label, transition.condition].filter(Boolean).join(', ');

/** What a state means and where it can go, in words, with the code names the machine uses beside them. */
export function StateDetails({ model, stateId }: { readonly model: StatechartModel; readonly stateId: string | null }) {
  const state = model.states.find((candidate) => candidate.id === stateId);
  if (!state) {
    return (
      <aside className="workflow-details" aria-label={workflowText.details}>
        <p className="muted">{workflowText.pick}</p>
      </aside>
    );
  }
  const labelOf = (id: string) => model.states.find((candidate) => candidate.id === id)?.label ?? id;
  const outgoing = model.transitions.filter((transition) => transition.sourceId === state.id);
  return (
    <aside className="workflow-details" aria-label={workflowText.details} aria-live="polite">
      <h2>{state.label}</h2>
      <p className="workflow-code">
        {workflowText.code}: <code>{state.id}</code>
      </p>
      {state.description ? <p>{state.description}</p> : null}
      {state.tags.length > 0 ? (
        <p className="muted">
          {workflowText.tags}: {state.tags.join(', ')}
        </p>
      ) : null}
      <strong>{workflowText.outgoing}</strong>
      {outgoing.length === 0 ? <p className="muted">{workflowText.none}</p> : null}
      <ul>
        {outgoing.map((transition) => (
          <li key={transition.id}>
            {arrowWords(transition)} → {transition.targetIds.length > 0 ? transition.targetIds.map(labelOf).join(', ') : workflowText.stays}
            <div className="workflow-code">
              <code>{transition.code}</code>
            </div>
            {transition.description ? <div className="muted">{transition.description}</div> : null}
          </li>
        ))}
      </ul>
    </aside>
  );
}
