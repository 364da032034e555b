import type { StatechartModel } from './statechart-model';
import { workflowText } from './strings';

/** What a state means and where it can go: its description, tags and outgoing transitions. */
export function StateDetails({ model, stateId }: { readonly model: StatechartModel; readonly stateId: string | null }) {
  const state = model.states.find((candidate) => candidate.id === stateId);
  if (!state) {
    return (
      <aside className="workflow-details" aria-label={workflowText.details}>
        <p className="muted">{workflowText.pick}</p>
      </aside>
    );
  }
  const keyOf = (id: string) => model.states.find((candidate) => candidate.id === id)?.key ?? id;
  const outgoing = model.transitions.filter((transition) => transition.sourceId === state.id);
  return (
    <aside className="workflow-details" aria-label={workflowText.details} aria-live="polite">
      <h2>{state.key}</h2>
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
            <code>{transition.label}</code>
            {transition.guard ? ` [${transition.guard}]` : ''} →{' '}
            {transition.targetIds.length > 0 ? transition.targetIds.map(keyOf).join(', ') : workflowText.stays}
            {transition.description ? <div className="muted">{transition.description}</div> : null}
          </li>
        ))}
      </ul>
    </aside>
  );
}
