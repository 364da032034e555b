/** An ABN as people write it, 'NN NNN NNN NNN'; anything but 11 digits is shown as given. */
export function formatAbn(abn: string): string {
  const digits = abn.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits)) return abn;
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}
