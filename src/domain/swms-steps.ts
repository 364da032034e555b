import { Schema } from 'effect';
import { requiredText, textLimits } from './fields';
import { HighRiskWorkCodeSchema } from './high-risk-work';
import { PpeSchema } from './ppe';
import { swmsSubmissionMessages } from './swms-submission';

/**
 * Issue 58 §1: a SWMS as its job steps, in order. Each step says what is done, its hazards, the risk before controls,
 * the controls tagged by the hierarchy of control (WHS Regulation 36), the risk that remains and who is responsible.
 */

/** WHS Regulation 36, most effective first: a control's type. */
export const controlTypes = ['eliminate', 'substitute', 'isolate', 'engineering', 'administrative', 'ppe'] as const;
export type ControlType = (typeof controlTypes)[number];

export const controlTypeLabels: Record<ControlType, string> = {
  eliminate: 'Eliminate',
  substitute: 'Substitute',
  isolate: 'Isolate',
  engineering: 'Engineering',
  administrative: 'Administrative',
  ppe: 'PPE',
};

export const swmsStepMessages = {
  description: 'Say what is done in this step',
  hazards: 'Name at least one hazard of this step',
  controls: 'Give at least one control for this step',
  controlType: 'Choose the control’s type from the hierarchy of control',
  responsible: 'Say who is responsible for this step',
  steps: 'A SWMS needs at least one step',
  residualNotLower: 'The risk after controls is not lower than before: add or strengthen controls',
} as const;

const Level = Schema.Int.annotate({ message: swmsSubmissionMessages.level }).check(
  Schema.isBetween({ minimum: 1, maximum: 5 }, { message: swmsSubmissionMessages.level }),
);

/** A rating on the spec's 5x5 scales (src/domain/risk.ts): its level is consequence times likelihood. */
export const RiskRating = Schema.Struct({ consequence: Level, likelihood: Level });
export type RiskRating = typeof RiskRating.Type;

export const riskLevel = (rating: RiskRating): number => rating.consequence * rating.likelihood;

export const StepControl = Schema.Struct({
  text: requiredText(textLimits.paragraph),
  type: Schema.Literals(controlTypes).annotate({ message: swmsStepMessages.controlType }),
});
export type StepControl = typeof StepControl.Type;

export const SwmsStep = Schema.Struct({
  description: requiredText(textLimits.paragraph).annotate({ message: swmsStepMessages.description }),
  hazards: Schema.Array(requiredText(textLimits.paragraph)).check(Schema.isMinLength(1, { message: swmsStepMessages.hazards })),
  initialRisk: RiskRating,
  controls: Schema.Array(StepControl).check(Schema.isMinLength(1, { message: swmsStepMessages.controls })),
  residualRisk: RiskRating,
  responsible: requiredText(textLimits.line).annotate({ message: swmsStepMessages.responsible }),
});
export type SwmsStep = typeof SwmsStep.Type;

export const SwmsSteps = Schema.Array(SwmsStep).check(Schema.isMinLength(1, { message: swmsStepMessages.steps }));

/** The builder's warning for a step whose controls do not lower its risk; null when they do. */
export function residualWarning(step: Pick<SwmsStep, 'initialRisk' | 'residualRisk'>): string | null {
  return riskLevel(step.residualRisk) < riskLevel(step.initialRisk) ? null : swmsStepMessages.residualNotLower;
}

/**
 * The spec's single risk fields for a SWMS of steps: the highest residual risk of its steps (by level, then by
 * consequence), so every reader of `riskConsequenceLevel`, `riskLikelihoodLevel` and `riskOverallLevel` sees the worst
 * risk that remains once the controls are in place.
 */
export function highestResidualRisk(steps: readonly Pick<SwmsStep, 'residualRisk'>[]): RiskRating | null {
  let highest: RiskRating | null = null;
  for (const { residualRisk } of steps) {
    const better = highest === null || riskLevel(residualRisk) > riskLevel(highest) || (riskLevel(residualRisk) === riskLevel(highest) && residualRisk.consequence > highest.consequence);
    if (better) highest = residualRisk;
  }
  return highest;
}

export const templateSources = ['starter', 'company', 'own'] as const;
export type TemplateSource = (typeof templateSources)[number];

/** Issue 58 §2: a SWMS to start from. The starter library ships these as data files (server/swms-templates/starter). */
export const SwmsTemplateContent = Schema.Struct({
  name: requiredText(textLimits.line),
  trade: requiredText(textLimits.line),
  highRiskWork: Schema.Array(HighRiskWorkCodeSchema).check(Schema.isMinLength(1)),
  /** The overview a SWMS's `task` holds: the work, the plant and tools, the PPE. */
  task: Schema.Struct({
    taskDescription: requiredText(textLimits.paragraph),
    mobilePlantAndTools: requiredText(textLimits.paragraph),
    ppe: Schema.Array(PpeSchema).check(Schema.isMinLength(1)),
  }),
  steps: SwmsSteps,
});
export type SwmsTemplateContent = typeof SwmsTemplateContent.Type;
