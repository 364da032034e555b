export const tradesText = {
  details: 'Tradesperson Details',
} as const;
