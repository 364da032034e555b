import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { highRiskWorkCodes } from '../../../src/domain/high-risk-work';
import { highestResidualRisk, residualWarning, riskLevel, SwmsStep, SwmsTemplateContent, swmsStepMessages } from '../../../src/domain/swms-steps';
import { starterTemplates } from '../../../server/swms-templates/starter';

const starterDir = path.join(import.meta.dirname, '../../../server/swms-templates/starter');

const step = (initial: [number, number], residual: [number, number]) => ({
  description: 'Lift the panel',
  hazards: ['Panel falls'],
  initialRisk: { consequence: initial[0], likelihood: initial[1] },
  controls: [{ text: 'Exclusion zone', type: 'isolate' as const }],
  residualRisk: { consequence: residual[0], likelihood: residual[1] },
  responsible: 'Dogger',
});

describe('a SWMS step', () => {
  it('decodes a whole step and refuses one without a hazard, a control, a typed control or a level on the 5x5 scales', () => {
    const decode = Schema.decodeUnknownExit(SwmsStep);
    expect(decode(step([5, 3], [5, 1]))._tag).toBe('Success');
    for (const bad of [
      { ...step([5, 3], [5, 1]), hazards: [] },
      { ...step([5, 3], [5, 1]), controls: [] },
      { ...step([5, 3], [5, 1]), controls: [{ text: 'Wear a hat', type: 'hope' }] },
      { ...step([5, 3], [5, 1]), initialRisk: { consequence: 6, likelihood: 1 } },
      { ...step([5, 3], [5, 1]), responsible: '  ' },
    ]) {
      expect(decode(bad)._tag, JSON.stringify(bad)).toBe('Failure');
    }
  });

  it('warns when the risk after controls is not lower than before', () => {
    expect(residualWarning(step([5, 3], [5, 1]))).toBeNull();
    expect(residualWarning(step([3, 3], [3, 3]))).toBe(swmsStepMessages.residualNotLower);
    expect(residualWarning(step([2, 2], [5, 1]))).toBe(swmsStepMessages.residualNotLower);
  });

  it("gives the spec's single risk fields as the highest residual risk of the steps, the graver consequence on a tie", () => {
    expect(highestResidualRisk([])).toBeNull();
    expect(highestResidualRisk([step([5, 3], [2, 2]), step([5, 4], [3, 2]), step([4, 4], [1, 3])])).toEqual({ consequence: 3, likelihood: 2 });
    expect(highestResidualRisk([step([5, 3], [2, 3]), step([5, 4], [3, 2])])).toEqual({ consequence: 3, likelihood: 2 });
  });
});

describe('the starter library (issue 58 §2)', () => {
  it('holds every data file in the folder, each decoding whole', () => {
    const onDisk = readdirSync(starterDir).filter((name) => name.endsWith('.json'));
    expect(starterTemplates.map((template) => `${template.id}.json`).sort()).toEqual(onDisk.sort());
    for (const name of onDisk) {
      const decoded = Schema.decodeUnknownExit(SwmsTemplateContent)(JSON.parse(readFileSync(path.join(starterDir, name), 'utf8')));
      expect(decoded._tag, name).toBe('Success');
    }
  });

  it('covers the high-risk work the issue names, in at least eight SWMS', () => {
    expect(starterTemplates.length).toBeGreaterThanOrEqual(8);
    const covered = new Set(starterTemplates.flatMap((template) => template.content.highRiskWork));
    // falls over 2 m, demolition, asbestos, confined space, trench over 1.5 m, energised electrical, tilt-up, mobile plant
    for (const code of ['a', 'c', 'd', 'f', 'g', 'k', 'm', 'o'] as const) expect(covered, `r 291(${code})`).toContain(code);
    for (const template of starterTemplates) for (const code of template.content.highRiskWork) expect(highRiskWorkCodes).toContain(code);
  });

  it('has at least three sound steps in each SWMS: each lowers its risk, and a high-risk step with PPE among its controls also has a control above procedures and PPE', () => {
    for (const { id, content } of starterTemplates) {
      expect(content.steps.length, id).toBeGreaterThanOrEqual(3);
      for (const [index, each] of content.steps.entries()) {
        const where = `${id} step ${index + 1}`;
        expect(residualWarning(each), where).toBeNull();
        if (riskLevel(each.initialRisk) >= 10 && each.controls.some((control) => control.type === 'ppe')) {
          expect(each.controls.some((control) => !['administrative', 'ppe'].includes(control.type)), where).toBe(true);
        }
      }
    }
  });
});
