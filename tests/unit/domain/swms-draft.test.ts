import { describe, expect, test } from 'vitest';
import { highRiskWorkText } from '../../../src/domain/high-risk-work';
import type { Swms } from '../../../src/domain/swms';
import { applyDraftPatch, draftFromRevision, draftFromSwms, draftHasContent, highRiskWorkCodeOf, newSwmsPath, revisePath } from '../../../src/domain/swms-draft';
import { revisePath as signOnRevisePath } from '../../../src/domain/swms-signon';
import { emptySwmsDraft } from '../../../src/domain/swms-submission';

const base = emptySwmsDraft('site-9', '0f6c1b6e-8a3b-4b8e-9a59-4b0f2a7e6c11', new Date('2026-03-01T00:00:00Z'));

const previous: Pick<Swms, 'highRiskWork' | 'riskConsequenceLevel' | 'riskLikelihoodLevel' | 'task'> = {
  highRiskWork: [highRiskWorkText('k'), 'Working near live wires (free text from before r 291 codes)', highRiskWorkText('a')],
  riskConsequenceLevel: 4,
  riskLikelihoodLevel: 3,
  task: {
    taskDescription: 'Install switchboard',
    mobilePlantTools: 'Scissor lift',
    riskText: 'Electrocution',
    riskPhoto: { url: 'https://blob/risk.jpg', fileKey: '1a2b3c4d.jpg', friendlyName: 'board.jpg' },
    controlText: 'Isolate and tag out',
    controlPhoto: { url: 'https://blob/control.jpg', fileKey: '5e6f7a8b.jpg', friendlyName: 'isolation.jpg' },
    controlImplementation: 'Electrician isolates',
    controlMonitoring: 'Supervisor checks',
    controlReview: 'Daily',
    ppe: ['gloves', 'hard_hat'],
    otherPpe: 'Arc flash suit',
  },
};

describe('SWMS drafts', () => {
  test("a stored 'r 291(x): …' line maps back to its letter; older free text has none", () => {
    expect(highRiskWorkCodeOf(highRiskWorkText('q'))).toBe('q');
    expect(highRiskWorkCodeOf('R 291(C): demolition')).toBe('c');
    expect(highRiskWorkCodeOf('Working at heights')).toBeNull();
    expect(highRiskWorkCodeOf('r 291(z): no such letter')).toBeNull();
  });

  test("'Start from a previous SWMS' copies texts, levels, PPE and high-risk work, not the photos, into this draft's site and id", () => {
    const copied = draftFromSwms(previous, base);
    expect(copied.submissionId).toBe(base.submissionId);
    expect(copied.siteId).toBe('site-9');
    expect(copied.highRiskWork).toEqual(['a', 'k']);
    expect(copied.riskConsequenceLevel).toBe(4);
    expect(copied.riskLikelihoodLevel).toBe(3);
    expect(copied.task).toEqual({
      taskDescription: 'Install switchboard',
      mobilePlantTools: 'Scissor lift',
      riskText: 'Electrocution',
      riskPhoto: null,
      controlText: 'Isolate and tag out',
      controlPhoto: null,
      controlImplementation: 'Electrician isolates',
      controlMonitoring: 'Supervisor checks',
      controlReview: 'Daily',
      ppe: ['hard_hat', 'gloves'],
      otherPpe: 'Arc flash suit',
    });
  });

  test('a revision starts from the latest revision with its photos, sent again by their uploads, under the new id', () => {
    const draft = draftFromRevision(previous, base);
    expect(draft.submissionId).toBe(base.submissionId);
    expect(draft.task.taskDescription).toBe('Install switchboard');
    expect(draft.task.riskPhoto).toEqual({ friendlyName: 'board.jpg', fileKey: '1a2b3c4d.jpg', type: 'photo' });
    expect(draft.task.controlPhoto).toEqual({ friendlyName: 'isolation.jpg', fileKey: '5e6f7a8b.jpg', type: 'photo' });
    expect(draftFromRevision({ ...previous, task: { ...previous.task, riskPhoto: null } }, base).task.riskPhoto).toBeNull();
  });

  test('a level outside 1 to 5 is not copied', () => {
    expect(draftFromSwms({ ...previous, riskConsequenceLevel: 0, riskLikelihoodLevel: 6 }, base)).toMatchObject({ riskConsequenceLevel: null, riskLikelihoodLevel: null });
  });

  test('an edit changes only what it names, keeps r 291 order and stamps the time', () => {
    const edited = applyDraftPatch(base, { highRiskWork: ['k', 'a'], task: { riskText: 'Falls' } }, '2026-03-02T00:00:00.000Z');
    expect(edited.highRiskWork).toEqual(['a', 'k']);
    expect(edited.task.riskText).toBe('Falls');
    expect(edited.task.taskDescription).toBe('');
    expect(edited.updatedAt).toBe('2026-03-02T00:00:00.000Z');
    expect(applyDraftPatch(edited, { riskConsequenceLevel: null }, 'now').riskConsequenceLevel).toBeNull();
  });

  test('a draft has content once anything is entered, a photo kept on the phone included', () => {
    expect(draftHasContent(base)).toBe(false);
    expect(draftHasContent(applyDraftPatch(base, { task: { otherPpe: '  ' } }, 'now'))).toBe(false);
    expect(draftHasContent(applyDraftPatch(base, { riskLikelihoodLevel: 2 }, 'now'))).toBe(true);
    expect(draftHasContent(base, { riskPhoto: { friendlyName: 'a.jpg', type: 'image/jpeg', bytes: new ArrayBuffer(1) } })).toBe(true);
  });

  test("the builder's address, and the one that reopens a refused submission", () => {
    expect(newSwmsPath('site 1')).toBe('/site/site%201/swms/new');
    expect(newSwmsPath('s1', 'abc')).toBe('/site/s1/swms/new?resume=abc');
  });

  test("a revision's builder address (the sign-on contract's revisePath), and the one that reopens a refused revision", () => {
    expect(revisePath('site 1', 'swms/2')).toBe('/site/site%201/swms/swms%2F2/revise');
    expect(revisePath('s1', 'w1', 'abc')).toBe('/site/s1/swms/w1/revise?resume=abc');
    expect(signOnRevisePath).toBe(revisePath);
  });
});
