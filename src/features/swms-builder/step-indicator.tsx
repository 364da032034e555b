import * as builder from '../../../machines/swms-builder.selectors';
import { swmsBuilderStepLabels, swmsBuilderSteps } from '../../domain/swms-submission';
import { builderText } from './strings';
import { useBuilder, useBuilderSend } from './use-builder';

/** 'Step 2 of 6: Task', and the six steps as a bar of segments to jump between. */
export function StepIndicator() {
  const step = useBuilder(builder.step);
  const number = useBuilder(builder.stepNumber);
  const busy = useBuilder(builder.isBusy);
  const send = useBuilderSend();
  return (
    <nav className="step-indicator" aria-label={builderText.steps}>
      <p className="step-indicator-text" aria-live="polite">
        {builderText.stepOf(number, builder.stepCount, step)}
      </p>
      <ol className="step-segments">
        {swmsBuilderSteps.map((candidate, index) => (
          <li key={candidate}>
            <button
              type="button"
              className="step-segment"
              data-done={index < number - 1 ? '' : undefined}
              aria-current={candidate === step ? 'step' : undefined}
              aria-label={`Step ${index + 1}: ${swmsBuilderStepLabels[candidate]}`}
              disabled={busy}
              onClick={() => send({ type: 'builder.goto', step: candidate })}
            >
              <span className="step-segment-bar" />
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
