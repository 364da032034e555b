import { describe, expect, test } from 'vitest';
import { actionMustBeProvided, mustBeProvided } from '../../machines/must-be-provided';

describe('placeholders', () => {
  test('an unprovided actor rejects, naming itself', async () => {
    await expect(mustBeProvided('exchangeCode')()).rejects.toThrow('exchangeCode must be provided');
  });

  test('an unprovided action throws, naming itself', () => {
    expect(() => actionMustBeProvided('persist')(undefined, undefined)).toThrow('persist must be provided');
  });
});
