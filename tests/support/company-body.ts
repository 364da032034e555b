import { randomUUID } from 'node:crypto';

/** A valid ABN for any 9-digit number: the two check digits make the weighted sum a multiple of 89. */
export function abnFor(n: number): string {
  const base = String(n).padStart(9, '0');
  const weights = [3, 5, 7, 9, 11, 13, 15, 17, 19];
  const rest = [...base].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return `${10 + ((89 - (rest % 89)) % 89)}${base}`;
}

let abnSerial = 100_000 + Math.floor(Math.random() * 1_000_000);
export const nextAbn = () => abnFor(++abnSerial);

/** A client company body the API accepts (spec §3), with a unique name and ABN. */
export function companyBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Harbour Build Co ${randomUUID().slice(0, 8)}`,
    abn: nextAbn(),
    buildersRegNumber: 'BR-12345',
    phone: '02 9123 4567',
    email: 'office@harbourbuild.test',
    address: '1 George St, Sydney NSW 2000',
    postalAddress: 'PO Box 1, Sydney NSW 2001',
    ...overrides,
  };
}
