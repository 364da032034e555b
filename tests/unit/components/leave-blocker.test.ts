import { afterEach, describe, expect, test, vi } from 'vitest';
import { discardTyping, guardLeaving, hasUnsavedTyping, leaveOrAsk } from '../../../src/components/leave-guard/leave-blocker';

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('the leave blocker', () => {
  let release: (() => void) | null = null;
  afterEach(() => release?.());

  test('with no form guarding, leaving goes on at once', () => {
    const leave = vi.fn();
    leaveOrAsk(leave);
    expect(leave).toHaveBeenCalledOnce();
    expect(hasUnsavedTyping()).toBe(false);
  });

  test('unsaved typing asks first; leaving goes on only when the user confirms, and is not asked twice', async () => {
    const asks: (() => void)[] = [];
    release = guardLeaving({ hasUnsavedChanges: () => true, ask: (confirm) => asks.push(confirm) });
    const leave = vi.fn();
    leaveOrAsk(leave);
    await settle();
    expect(leave).not.toHaveBeenCalled();
    expect(asks).toHaveLength(1);
    asks[0]?.();
    expect(leave).toHaveBeenCalledOnce();
    expect(hasUnsavedTyping(), 'the confirmed guard is dropped').toBe(false);
  });

  test('a save that succeeded and moves on in the same step is not asked about', async () => {
    let saved = false;
    const ask = vi.fn();
    release = guardLeaving({ hasUnsavedChanges: () => !saved, ask });
    const leave = vi.fn();
    leaveOrAsk(leave);
    saved = true;
    await settle();
    expect(ask).not.toHaveBeenCalled();
    expect(leave).toHaveBeenCalledOnce();
  });
});

describe("the form's own Cancel", () => {
  test('drops the guard, so Cancel leaves without asking', () => {
    const ask = vi.fn();
    guardLeaving({ hasUnsavedChanges: () => true, ask });
    discardTyping();
    const leave = vi.fn();
    leaveOrAsk(leave);
    expect(leave).toHaveBeenCalledOnce();
    expect(ask).not.toHaveBeenCalled();
  });
});
