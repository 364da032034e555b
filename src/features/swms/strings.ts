export const swmsText = {
  list: 'SWMS',
  submission: 'SWMS Submission',
} as const;
