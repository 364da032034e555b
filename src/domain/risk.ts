export type RiskBand = 'Catastrophic' | 'High' | 'Moderate' | 'Low';

/** Spec §5 and §9: above 15 Catastrophic, above 9 High, above 3 Moderate, otherwise Low. */
export function riskBand(overallLevel: number): RiskBand {
  if (overallLevel > 15) return 'Catastrophic';
  if (overallLevel > 9) return 'High';
  if (overallLevel > 3) return 'Moderate';
  return 'Low';
}

export const riskBandColours: Record<RiskBand, string> = {
  Low: '#2e9e4f',
  Moderate: '#e0b000',
  High: '#e86a10',
  Catastrophic: '#c62828',
};

export const consequenceScale = [
  { level: 1, label: 'Insignificant', detail: 'no injuries or minimal financial loss' },
  { level: 2, label: 'Minor', detail: 'first aid or medium loss' },
  { level: 3, label: 'Moderate', detail: 'medical treatment or high loss' },
  { level: 4, label: 'Major', detail: 'hospital or large loss' },
  { level: 5, label: 'Catastrophic', detail: 'death or major loss' },
] as const;

export const likelihoodScale = [
  { level: 1, label: 'Rare', detail: 'once every 100 years' },
  { level: 2, label: 'Unlikely', detail: 'once every 10 years' },
  { level: 3, label: 'Possible', detail: 'about once a year' },
  { level: 4, label: 'Likely', detail: 'once a month' },
  { level: 5, label: 'Almost Certain', detail: 'once a week' },
] as const;
