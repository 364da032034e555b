import { describe, expect, test } from 'vitest';
import { swmsRevisionDiff, type SwmsRevisionContent } from '../../../src/domain/swms-revision-diff';

const first: SwmsRevisionContent = {
  highRiskWork: ['r 291(a): involves a risk of a person falling more than 2 metres', 'r 291(k): is carried out on or near energised electrical installations'],
  riskConsequenceLevel: 4,
  riskLikelihoodLevel: 3,
  task: {
    taskDescription: 'Replace roof sheeting',
    mobilePlantTools: 'Scissor lift',
    riskText: 'Fall through brittle sheets',
    riskPhoto: { url: 'https://blob/a.jpg?sig=1', fileKey: 'a.jpg', friendlyName: 'roof.jpg' },
    controlText: 'Mesh under sheets',
    controlPhoto: null,
    controlImplementation: 'Mesh fixed first',
    controlMonitoring: 'Hourly checks',
    controlReview: 'Each pre-start',
    ppe: ['hard_hat', 'gloves'],
    otherPpe: '',
  },
};

describe('what changed between two revisions', () => {
  test('the same content, photos read again with a fresh signature and lists in another order, is no change', () => {
    const again: SwmsRevisionContent = {
      ...first,
      highRiskWork: [...first.highRiskWork].reverse(),
      task: { ...first.task, ppe: ['gloves', 'hard_hat'], riskPhoto: { url: 'https://blob/a.jpg?sig=2', fileKey: 'a.jpg', friendlyName: 'roof.jpg' } },
    };
    expect(swmsRevisionDiff(first, again)).toEqual([]);
  });

  test('a changed text shows as it was and as it is, and only the fields that changed are listed', () => {
    const next = { ...first, task: { ...first.task, controlText: 'Mesh under sheets, harness on a static line' } };
    expect(swmsRevisionDiff(first, next)).toEqual([
      { kind: 'text', field: 'controlText', before: 'Mesh under sheets', after: 'Mesh under sheets, harness on a static line' },
    ]);
  });

  test('categories and PPE list what was added and removed; levels their two values', () => {
    const next: SwmsRevisionContent = {
      ...first,
      highRiskWork: [first.highRiskWork[0] ?? ''],
      riskLikelihoodLevel: 2,
      task: { ...first.task, ppe: ['hard_hat', 'safety_harness'] },
    };
    expect(swmsRevisionDiff(first, next)).toEqual([
      { kind: 'list', field: 'highRiskWork', added: [], removed: [first.highRiskWork[1]] },
      { kind: 'level', field: 'riskLikelihoodLevel', before: 3, after: 2 },
      { kind: 'list', field: 'ppe', added: ['safety_harness'], removed: ['gloves'] },
    ]);
  });

  test('a photo replaced, added or removed is a change with both photos, placed beside its text', () => {
    const replaced = { url: 'https://blob/b.jpg', fileKey: 'b.jpg', friendlyName: 'roof-2.jpg' };
    const control = { url: 'https://blob/c.jpg', fileKey: 'c.jpg', friendlyName: 'mesh.jpg' };
    const next = { ...first, task: { ...first.task, riskText: 'Falls', riskPhoto: replaced, controlPhoto: control } };
    expect(swmsRevisionDiff(first, next)).toEqual([
      { kind: 'text', field: 'riskText', before: 'Fall through brittle sheets', after: 'Falls' },
      { kind: 'photo', field: 'riskPhoto', before: first.task.riskPhoto, after: replaced },
      { kind: 'photo', field: 'controlPhoto', before: null, after: control },
    ]);
    expect(swmsRevisionDiff(next, { ...next, task: { ...next.task, controlPhoto: null } })).toEqual([{ kind: 'photo', field: 'controlPhoto', before: control, after: null }]);
  });
});
