const abnWeights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** Spec §5: 11 digits, spaces ignored, first digit minus 1, weighted sum divisible by 89. */
export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, char, index) => {
    const digit = Number(char) - (index === 0 ? 1 : 0);
    return total + digit * (abnWeights[index] ?? 0);
  }, 0);
  return sum % 89 === 0;
}

export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** Spec §5 and §9: a company phone is 8 to 10 digits. */
export function isValidCompanyPhone(value: string): boolean {
  return /^\d{8,10}$/.test(value.replace(/\s+/g, ''));
}

/** Spec §5 profile edit: the phone must be numeric. */
export function isNumeric(value: string): boolean {
  return /^\d+$/.test(value.replace(/\s+/g, ''));
}
