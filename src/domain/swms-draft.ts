import { highRiskWorkCodes, type HighRiskWorkCode } from './high-risk-work';
import { ppeValues, type Ppe } from './ppe';
import type { Swms } from './swms';
import type { SwmsDraft } from './swms-submission';
import type { PhotoReference } from './trades';

/** The two photos a SWMS carries (spec §3 task.riskPhoto and task.controlPhoto). */
export const photoSlots = ['riskPhoto', 'controlPhoto'] as const;
export type PhotoSlot = (typeof photoSlots)[number];

/** A resized photo kept on the phone until it reaches blob storage (bytes, not a Blob: every browser stores those in IndexedDB). */
export interface PendingPhoto {
  readonly friendlyName: string;
  readonly type: string;
  readonly bytes: ArrayBuffer;
}
export type PendingPhotos = Partial<Record<PhotoSlot, PendingPhoto>>;

type DraftTask = SwmsDraft['task'];
type DraftTaskText = Exclude<keyof DraftTask, PhotoSlot | 'ppe'>;

/** What one edit changes; photos change only through their own events. */
export interface DraftPatch {
  readonly highRiskWork?: readonly HighRiskWorkCode[];
  readonly riskConsequenceLevel?: number | null;
  readonly riskLikelihoodLevel?: number | null;
  readonly task?: Partial<Pick<DraftTask, DraftTaskText | 'ppe'>>;
}

export function applyDraftPatch(draft: SwmsDraft, patch: DraftPatch, updatedAt: string): SwmsDraft {
  return {
    ...draft,
    ...(patch.highRiskWork ? { highRiskWork: highRiskWorkCodes.filter((code) => patch.highRiskWork?.includes(code)) } : {}),
    ...(patch.riskConsequenceLevel !== undefined ? { riskConsequenceLevel: patch.riskConsequenceLevel } : {}),
    ...(patch.riskLikelihoodLevel !== undefined ? { riskLikelihoodLevel: patch.riskLikelihoodLevel } : {}),
    task: patch.task ? { ...draft.task, ...patch.task } : draft.task,
    updatedAt,
  };
}

export function withPhoto(draft: SwmsDraft, slot: PhotoSlot, photo: PhotoReference | null, updatedAt: string): SwmsDraft {
  return { ...draft, task: { ...draft.task, [slot]: photo }, updatedAt };
}

/** A draft nobody has typed in is no draft: it is not stored, and replacing it needs no confirmation. */
export function draftHasContent(draft: SwmsDraft, pending: PendingPhotos = {}): boolean {
  const { task } = draft;
  const texts: readonly string[] = [
    task.taskDescription, task.mobilePlantTools, task.riskText, task.controlText,
    task.controlImplementation, task.controlMonitoring, task.controlReview, task.otherPpe,
  ];
  return (
    draft.highRiskWork.length > 0 ||
    draft.riskConsequenceLevel !== null ||
    draft.riskLikelihoodLevel !== null ||
    task.ppe.length > 0 ||
    task.riskPhoto !== null ||
    task.controlPhoto !== null ||
    Object.keys(pending).length > 0 ||
    texts.some((text) => text.trim() !== '')
  );
}

/** A stored r 291 line ('r 291(a): involves ...') back to its letter; older free-text entries have none. */
export function highRiskWorkCodeOf(stored: string): HighRiskWorkCode | null {
  const match = /^\s*r\s*291\s*\(([a-r])\)/i.exec(stored);
  const code = match?.[1]?.toLowerCase();
  return highRiskWorkCodes.find((candidate) => candidate === code) ?? null;
}

const level = (value: number): number | null => (Number.isInteger(value) && value >= 1 && value <= 5 ? value : null);

/**
 * Issue 10 'Start from a previous SWMS': one of the tradesperson's own SWMS as a new draft for
 * `base`'s site and submission id. Texts, levels, PPE and the r 291 categories are copied; photos
 * are not (they show another day's site).
 */
export function draftFromSwms(swms: Pick<Swms, 'highRiskWork' | 'riskConsequenceLevel' | 'riskLikelihoodLevel' | 'task'>, base: SwmsDraft): SwmsDraft {
  const codes = swms.highRiskWork.map(highRiskWorkCodeOf).filter((code): code is HighRiskWorkCode => code !== null);
  const { task } = swms;
  return {
    ...base,
    highRiskWork: highRiskWorkCodes.filter((code) => codes.includes(code)),
    riskConsequenceLevel: level(swms.riskConsequenceLevel),
    riskLikelihoodLevel: level(swms.riskLikelihoodLevel),
    task: {
      taskDescription: task.taskDescription,
      mobilePlantTools: task.mobilePlantTools,
      riskText: task.riskText,
      riskPhoto: null,
      controlText: task.controlText,
      controlPhoto: null,
      controlImplementation: task.controlImplementation,
      controlMonitoring: task.controlMonitoring,
      controlReview: task.controlReview,
      ppe: ppeValues.filter((value): value is Ppe => task.ppe.includes(value)),
      otherPpe: task.otherPpe,
    },
  };
}

type ReadPhoto = Swms['task']['riskPhoto'];

const photoReferenceOf = (photo: ReadPhoto): PhotoReference | null =>
  photo === null ? null : { friendlyName: photo.friendlyName, fileKey: photo.fileKey, type: 'photo' };

/**
 * Issue 57 §2 (WHS Regulation 302): the latest revision of the author's own SWMS as the draft of its next revision,
 * photos included (they are the author's own uploads, sent again by reference), under `base`'s new submission id.
 */
export function draftFromRevision(swms: Pick<Swms, 'highRiskWork' | 'riskConsequenceLevel' | 'riskLikelihoodLevel' | 'task'>, base: SwmsDraft): SwmsDraft {
  const draft = draftFromSwms(swms, base);
  return { ...draft, task: { ...draft.task, riskPhoto: photoReferenceOf(swms.task.riskPhoto), controlPhoto: photoReferenceOf(swms.task.controlPhoto) } };
}

/**
 * Issue 57: the builder for a SWMS's next revision, prefilled from the latest; `resume` reopens a refused revision from
 * the outbox. Written here, beside the new-SWMS builder's, so the phone's screens that link to it load no sign-on code.
 */
export function revisePath(siteId: string, swmsId: string, resume?: string): string {
  const path = `/site/${encodeURIComponent(siteId)}/swms/${encodeURIComponent(swmsId)}/revise`;
  return resume ? `${path}?resume=${encodeURIComponent(resume)}` : path;
}

/** The builder's address for a site (issue 10 §4); `resume` reopens a refused submission from the outbox. */
export function newSwmsPath(siteId: string, resume?: string): string {
  const path = `/site/${encodeURIComponent(siteId)}/swms/new`;
  return resume ? `${path}?resume=${encodeURIComponent(resume)}` : path;
}
