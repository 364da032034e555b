import { describe, expect, test } from 'vitest';
import { riskBand, riskBandColours } from '../../../src/domain/risk';

describe('riskBand (spec §5: above 15 Catastrophic, above 9 High, above 3 Moderate)', () => {
  test.for([
    [1, 'Low'],
    [3, 'Low'],
    [4, 'Moderate'],
    [9, 'Moderate'],
    [10, 'High'],
    [15, 'High'],
    [16, 'Catastrophic'],
    [25, 'Catastrophic'],
  ] as const)('%i is %s', ([level, band]) => {
    expect(riskBand(level)).toBe(band);
  });

  test('every band has a colour', () => {
    expect(Object.keys(riskBandColours).sort()).toEqual(['Catastrophic', 'High', 'Low', 'Moderate']);
  });
});
