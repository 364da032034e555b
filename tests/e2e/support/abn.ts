const abnWeights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** A fresh ABN that passes the spec §5 checksum, so every run creates clients the server has not seen. */
export function uniqueAbn(): string {
  for (;;) {
    const tail = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    for (let first = 1; first <= 9; first += 1) {
      for (let second = 0; second <= 9; second += 1) {
        const digits = [first, second, ...tail];
        const sum = digits.reduce((total, digit, index) => total + (index === 0 ? digit - 1 : digit) * (abnWeights[index] ?? 0), 0);
        if (sum % 89 === 0) return digits.join('');
      }
    }
  }
}
