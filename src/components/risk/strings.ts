export const riskText = {
  consequence: 'Consequence',
  likelihood: 'Likelihood',
  overallLevel: 'Overall Risk Level',
  band: 'Risk Band',
  consequenceScale: 'Consequence scale',
  likelihoodScale: 'Likelihood scale',
  matrix: 'Risk matrix: likelihood by consequence',
  matrixCorner: 'Likelihood \\ Consequence',
  selectedCell: 'this SWMS',
  unknownLevel: (level: number) => `${level} (not on the scale)`,
} as const;
