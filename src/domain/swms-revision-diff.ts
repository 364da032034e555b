import type { Swms } from './swms';

/** The content a revision holds: what a diff compares. */
export type SwmsRevisionContent = Pick<Swms, 'highRiskWork' | 'riskConsequenceLevel' | 'riskLikelihoodLevel' | 'task'>;

type Task = Swms['task'];
type Photo = Task['riskPhoto'];

export const swmsTextFields = [
  'taskDescription', 'mobilePlantTools', 'riskText', 'controlText', 'controlImplementation', 'controlMonitoring', 'controlReview', 'otherPpe',
] as const satisfies readonly (keyof Task)[];
export type SwmsTextField = (typeof swmsTextFields)[number];

export const swmsPhotoFields = ['riskPhoto', 'controlPhoto'] as const satisfies readonly (keyof Task)[];
export type SwmsPhotoField = (typeof swmsPhotoFields)[number];

export type SwmsLevelField = 'riskConsequenceLevel' | 'riskLikelihoodLevel';
export type SwmsListField = 'highRiskWork' | 'ppe';

/** One field that differs between two revisions, in the order the SWMS shows its fields. */
export type SwmsFieldChange =
  | { readonly kind: 'list'; readonly field: SwmsListField; readonly added: readonly string[]; readonly removed: readonly string[] }
  | { readonly kind: 'level'; readonly field: SwmsLevelField; readonly before: number; readonly after: number }
  | { readonly kind: 'text'; readonly field: SwmsTextField; readonly before: string; readonly after: string }
  | { readonly kind: 'photo'; readonly field: SwmsPhotoField; readonly before: Photo; readonly after: Photo };

function listChange(field: SwmsListField, before: readonly string[], after: readonly string[]): SwmsFieldChange[] {
  const added = after.filter((item) => !before.includes(item));
  const removed = before.filter((item) => !after.includes(item));
  return added.length === 0 && removed.length === 0 ? [] : [{ kind: 'list', field, added, removed }];
}

/** A photo is the same upload when its file key is: its read url is signed afresh on every read. */
const samePhoto = (before: Photo, after: Photo) => (before?.fileKey ?? null) === (after?.fileKey ?? null);

/**
 * Issue 57 §2: what changed from one revision to the next, field by field: the r 291 categories and PPE as items added
 * and removed (order is not a change), the two levels, each text as it was and is, and each photo whose upload changed.
 */
export function swmsRevisionDiff(before: SwmsRevisionContent, after: SwmsRevisionContent): SwmsFieldChange[] {
  const changes: SwmsFieldChange[] = [...listChange('highRiskWork', before.highRiskWork, after.highRiskWork)];
  for (const field of ['riskConsequenceLevel', 'riskLikelihoodLevel'] as const) {
    if (before[field] !== after[field]) changes.push({ kind: 'level', field, before: before[field], after: after[field] });
  }
  for (const field of swmsTextFields.filter((name) => name !== 'otherPpe')) {
    if (before.task[field] !== after.task[field]) changes.push({ kind: 'text', field, before: before.task[field], after: after.task[field] });
    const photo = field === 'riskText' ? 'riskPhoto' : field === 'controlText' ? 'controlPhoto' : null;
    if (photo && !samePhoto(before.task[photo], after.task[photo])) changes.push({ kind: 'photo', field: photo, before: before.task[photo], after: after.task[photo] });
  }
  changes.push(...listChange('ppe', before.task.ppe, after.task.ppe));
  if (before.task.otherPpe !== after.task.otherPpe) changes.push({ kind: 'text', field: 'otherPpe', before: before.task.otherPpe, after: after.task.otherPpe });
  return changes;
}
