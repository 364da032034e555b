import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decode } from '../../../src/domain/decode';
import { highRiskWorkCategories, highRiskWorkMessage, highRiskWorkText } from '../../../src/domain/high-risk-work';
import {
  emptySwmsDraft,
  newSubmissionId,
  incompleteSwmsMessage,
  submissionOf,
  SwmsSubmission,
  swmsGaps,
  swmsSubmissionMessages,
} from '../../../src/domain/swms-submission';

const complete = {
  highRiskWork: ['a' as const],
  riskConsequenceLevel: 3,
  riskLikelihoodLevel: 2,
  task: {
    taskDescription: 'Fix the roof sheets', mobilePlantTools: '', riskText: 'Fall through the roof', riskPhoto: null,
    controlText: 'Safety mesh and edge protection', controlPhoto: null, controlImplementation: 'Installed by the scaffolder first',
    controlMonitoring: 'Checked at the morning walk', controlReview: 'Reviewed weekly', ppe: [], otherPpe: '',
  },
};

describe('swmsGaps (WHS Regulation 299 completeness)', () => {
  it('finds no gap in a SWMS that names the work, the hazards and the controls with how they are implemented, monitored and reviewed', () => {
    expect(swmsGaps(complete)).toEqual([]);
  });

  it('lists every gap of an empty draft, each with the step that fills it', () => {
    const gaps = swmsGaps(submissionOf(emptySwmsDraft('site', randomUUID())));
    expect(gaps.map((gap) => gap.step)).toEqual(['highRiskWork', 'task', 'hazards', 'hazards', 'controls', 'controls', 'controls', 'controls']);
  });

  it('counts whitespace as missing and a missing rating as a hazards gap', () => {
    const gaps = swmsGaps({ ...complete, riskLikelihoodLevel: null, task: { ...complete.task, controlReview: '   ' } });
    expect(gaps).toEqual([
      { step: 'hazards', message: 'Rate the consequence and the likelihood of the risk' },
      { step: 'controls', message: 'Say how the control measures are reviewed' },
    ]);
  });

  it('names every gap in the 400 message', () => {
    const gaps = swmsGaps({ ...complete, highRiskWork: [], task: { ...complete.task, taskDescription: '' } });
    expect(incompleteSwmsMessage(gaps)).toBe('This SWMS is incomplete: Choose at least one type of high-risk construction work; Describe the task');
  });
});

describe('SwmsSubmission', () => {
  const body = { submissionId: randomUUID(), ...complete };

  it('decodes a complete submission', () => {
    expect(decode(SwmsSubmission, body).ok).toBe(true);
  });

  it.each([
    [{ ...body, riskConsequenceLevel: 6 }, swmsSubmissionMessages.level],
    [{ ...body, riskLikelihoodLevel: 2.5 }, swmsSubmissionMessages.level],
    [{ ...body, submissionId: 'draft' }, swmsSubmissionMessages.submissionId],
    [{ ...body, highRiskWork: ['s'] }, highRiskWorkMessage],
    [{ ...body, task: { ...body.task, ppe: ['cape'] } }, swmsSubmissionMessages.ppe],
    [{ ...body, task: { ...body.task, riskText: 'x'.repeat(2001) } }, 'Must be at most 2,000 characters'],
  ])('refuses %o with its message', (input, message) => {
    const decoded = decode(SwmsSubmission, input);
    expect(!decoded.ok && decoded.issues[0].message).toBe(message);
  });
});

describe('highRiskWorkText', () => {
  it('stores the regulation letter with its wording for each of the 18 categories', () => {
    expect(highRiskWorkCategories).toHaveLength(18);
    expect(highRiskWorkText('a')).toBe('r 291(a): involves a risk of a person falling more than 2 metres');
    expect(highRiskWorkText('r')).toBe('r 291(r): involves diving work');
  });
});

describe('newSubmissionId', () => {
  it('makes a version 4 UUID from random bytes, as the server expects of a submission id', () => {
    const id = newSubmissionId((bytes) => bytes.fill(0xff));
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newSubmissionId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newSubmissionId()).not.toBe(newSubmissionId());
  });
});
