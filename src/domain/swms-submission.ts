import { Schema } from 'effect';
import { text, textLimits, Uuid } from './fields';
import { HighRiskWorkCodeSchema, highRiskWorkMessage, type HighRiskWorkCode } from './high-risk-work';
import { PpeSchema, ppeValues, type Ppe } from './ppe';
import { OptionalPhotoReference, type PhotoReference } from './trades';

export const swmsSubmissionMessages = {
  incomplete: 'This SWMS is incomplete',
  notCheckedIn: 'Check in at this site before submitting a SWMS for it',
  tradesOnly: 'Only a tradesperson can submit a SWMS',
  alreadySubmitted: 'This SWMS was already submitted',
  submissionId: 'Send the submission id the SWMS was drafted with',
  level: 'Choose a level from 1 to 5',
  ppe: 'Choose PPE from the offered list',
  submitted: 'SWMS submitted for review',
  queued: 'You are offline: this SWMS is saved on this phone and will be sent when the connection returns',
  sending: 'Sending…',
  submitFailed: 'The SWMS could not be sent',
  notCheckedInToRevise: 'Check in at this site before revising a SWMS for it',
  authorOnly: 'Only the author of this SWMS, at its site, can revise it',
  revisionNotFound: 'This SWMS has no such revision',
} as const;

/** Issue 57: POST site/{siteId}/swms/{swmsId}/revisions answers the SWMS and the number of the revision stored. */
export const SwmsRevisionResult = Schema.Struct({ swmsId: Schema.String, revision: Schema.Number });
export type SwmsRevisionResult = typeof SwmsRevisionResult.Type;

/** The builder's steps (issue 10 §4), in order; the completeness check links each gap to its step. */
export const swmsBuilderSteps = ['highRiskWork', 'task', 'hazards', 'controls', 'ppe', 'review'] as const;
export type SwmsBuilderStep = (typeof swmsBuilderSteps)[number];

export const swmsBuilderStepLabels: Record<SwmsBuilderStep, string> = {
  highRiskWork: 'High-risk work',
  task: 'Task',
  hazards: 'Hazards and risks',
  controls: 'Control measures',
  ppe: 'PPE',
  review: 'Review',
};

const Text = text(textLimits.paragraph);
const Level = Schema.Number.annotate({ message: swmsSubmissionMessages.level }).check(
  Schema.makeFilter<number>((value) => (Number.isInteger(value) && value >= 1 && value <= 5) || swmsSubmissionMessages.level),
);

/**
 * POST site/{siteId}/swms, and (issue 57) POST site/{siteId}/swms/{swmsId}/revisions with a new id per revision: spec §3's SWMS shape plus highRiskWork (WHS Regulation 291 letters) and
 * how the controls are implemented, monitored and reviewed (r 299). `submissionId` is made by the
 * phone when the draft starts, so a submission sent twice (offline queue) is stored once.
 * Types are checked here; content completeness by `swmsGaps`.
 */
export const SwmsSubmission = Schema.Struct({
  submissionId: Uuid.annotate({ message: swmsSubmissionMessages.submissionId }),
  highRiskWork: Schema.Array(HighRiskWorkCodeSchema)
    .annotate({ message: highRiskWorkMessage })
    .check(Schema.isMaxLength(18, { message: highRiskWorkMessage })),
  riskConsequenceLevel: Schema.NullOr(Level).annotate({ message: swmsSubmissionMessages.level }),
  riskLikelihoodLevel: Schema.NullOr(Level).annotate({ message: swmsSubmissionMessages.level }),
  task: Schema.Struct({
    taskDescription: Text,
    mobilePlantTools: Text,
    riskText: Text,
    riskPhoto: OptionalPhotoReference,
    controlText: Text,
    controlPhoto: OptionalPhotoReference,
    controlImplementation: Text,
    controlMonitoring: Text,
    controlReview: Text,
    ppe: Schema.Array(PpeSchema.annotate({ message: swmsSubmissionMessages.ppe })).check(
      Schema.isMaxLength(ppeValues.length, { message: swmsSubmissionMessages.ppe }),
    ),
    otherPpe: Text,
  }),
});
export type SwmsSubmission = typeof SwmsSubmission.Type;

export interface SwmsGap {
  readonly step: SwmsBuilderStep;
  readonly message: string;
}

/** The draft the builder keeps (IndexedDB): the submission as typed so far, for one site. */
export interface SwmsDraft {
  readonly submissionId: string;
  readonly siteId: string;
  readonly highRiskWork: readonly HighRiskWorkCode[];
  readonly riskConsequenceLevel: number | null;
  readonly riskLikelihoodLevel: number | null;
  readonly task: {
    readonly taskDescription: string;
    readonly mobilePlantTools: string;
    readonly riskText: string;
    readonly riskPhoto: PhotoReference | null;
    readonly controlText: string;
    readonly controlPhoto: PhotoReference | null;
    readonly controlImplementation: string;
    readonly controlMonitoring: string;
    readonly controlReview: string;
    readonly ppe: readonly Ppe[];
    readonly otherPpe: string;
  };
  readonly updatedAt: string;
}

const blank = (value: string) => value.trim() === '';

/**
 * WHS Regulation 299 completeness: the SWMS identifies the high-risk construction work, states the
 * hazards and risks, describes the control measures and how they are implemented, monitored and
 * reviewed. The builder's review step and the server's 400 both list these gaps.
 */
export function swmsGaps(submission: Pick<SwmsSubmission, 'highRiskWork' | 'riskConsequenceLevel' | 'riskLikelihoodLevel' | 'task'>): SwmsGap[] {
  const gaps: SwmsGap[] = [];
  const { task } = submission;
  if (submission.highRiskWork.length === 0) gaps.push({ step: 'highRiskWork', message: 'Choose at least one type of high-risk construction work' });
  if (blank(task.taskDescription)) gaps.push({ step: 'task', message: 'Describe the task' });
  if (blank(task.riskText)) gaps.push({ step: 'hazards', message: 'State the hazards and risks' });
  if (submission.riskConsequenceLevel === null || submission.riskLikelihoodLevel === null) {
    gaps.push({ step: 'hazards', message: 'Rate the consequence and the likelihood of the risk' });
  }
  if (blank(task.controlText)) gaps.push({ step: 'controls', message: 'Describe the control measures' });
  if (blank(task.controlImplementation)) gaps.push({ step: 'controls', message: 'Say how the control measures are implemented' });
  if (blank(task.controlMonitoring)) gaps.push({ step: 'controls', message: 'Say how the control measures are monitored' });
  if (blank(task.controlReview)) gaps.push({ step: 'controls', message: 'Say how the control measures are reviewed' });
  return gaps;
}

/** The 400 body for an incomplete SWMS: every missing part, named. */
export function incompleteSwmsMessage(gaps: readonly SwmsGap[]): string {
  return `${swmsSubmissionMessages.incomplete}: ${gaps.map((gap) => gap.message).join('; ')}`;
}

export function emptySwmsDraft(siteId: string, submissionId: string, now: Date = new Date()): SwmsDraft {
  return {
    submissionId,
    siteId,
    highRiskWork: [],
    riskConsequenceLevel: null,
    riskLikelihoodLevel: null,
    task: {
      taskDescription: '', mobilePlantTools: '', riskText: '', riskPhoto: null, controlText: '', controlPhoto: null,
      controlImplementation: '', controlMonitoring: '', controlReview: '', ppe: [], otherPpe: '',
    },
    updatedAt: now.toISOString(),
  };
}

/** The body POST site/{siteId}/swms takes, from a draft. */
export function submissionOf(draft: SwmsDraft): SwmsSubmission {
  return {
    submissionId: draft.submissionId,
    highRiskWork: draft.highRiskWork,
    riskConsequenceLevel: draft.riskConsequenceLevel,
    riskLikelihoodLevel: draft.riskLikelihoodLevel,
    task: draft.task,
  };
}

/**
 * A version 4 UUID for a new draft. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost); a phone on a site LAN over plain http still has `getRandomValues`.
 */
export function newSubmissionId(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
