import { describe, expect, test } from 'vitest';
import { isNumeric, isValidAbn, isValidCompanyPhone, isValidEmail } from '../../../src/domain/validators';

describe('isValidAbn (spec §5 weighted checksum)', () => {
  const valid = '51824753556';

  test('accepts an ABN whose weighted sum is a multiple of 89', () => {
    expect(isValidAbn(valid)).toBe(true);
  });

  test('ignores spaces', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn(' 5182 4753 556 ')).toBe(true);
  });

  test('rejects an ABN with any single digit altered', () => {
    for (const [index, original] of [...valid].entries()) {
      for (let digit = 0; digit <= 9; digit += 1) {
        if (String(digit) === original) continue;
        const altered = `${valid.slice(0, index)}${digit}${valid.slice(index + 1)}`;
        expect(isValidAbn(altered), altered).toBe(false);
      }
    }
  });

  test('rejects a wrong length', () => {
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('518247535560')).toBe(false);
    expect(isValidAbn('')).toBe(false);
  });

  test('rejects anything but digits and spaces', () => {
    expect(isValidAbn('51-824-753-556')).toBe(false);
    expect(isValidAbn('5182475355a')).toBe(false);
  });
});

describe('isValidEmail', () => {
  test.for(['site.admin@example.com.au', 'a@b.co', '  padded@example.com  '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  test.for(['', 'plainaddress', 'no-at.example.com', 'no-domain@', 'no-dot@example', 'two@@example.com', 'spa ce@example.com'])(
    'rejects "%s"',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('isValidCompanyPhone (spec §5: 8 to 10 digits)', () => {
  test.for(['12345678', '123456789', '0298765432', '02 9876 5432'])('accepts %s', (phone) => {
    expect(isValidCompanyPhone(phone)).toBe(true);
  });

  test.for(['1234567', '12345678901', '', '02-9876-5432', '+61298765432', '02987654ab'])('rejects "%s"', (phone) => {
    expect(isValidCompanyPhone(phone)).toBe(false);
  });
});

describe('isNumeric (spec §5: profile phone must be numeric)', () => {
  test.for(['0412345678', '0412 345 678', '1'])('accepts %s', (phone) => {
    expect(isNumeric(phone)).toBe(true);
  });

  test.for(['', '0412-345-678', '+61412345678', 'phone'])('rejects "%s"', (phone) => {
    expect(isNumeric(phone)).toBe(false);
  });
});
