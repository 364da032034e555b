import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine';
import { ApiError } from '../../../src/api/client';
import { sessionImplementations } from '../../../src/flows/session/session-implementations';
import { useToastMessages } from '../../../src/ui/toast-store';

function ShownToasts() {
  return useToastMessages()
    .map((item) => `${item.tone}: ${item.message}`)
    .join('\n');
}

const shownToasts = () => renderToString(createElement(ShownToasts));

/** The session as the app runs it, with a code exchange that the server refuses. */
async function exchangeRefused(refusal: ApiError): Promise<void> {
  const actor = createActor(
    sessionMachine.provide({
      ...sessionImplementations,
      actors: { ...sessionImplementations.actors, exchangeCode: fromPromise(() => Promise.reject(refusal)) },
    }),
  ).start();
  actor.send({ type: 'session.codeReceived', code: 'a-code' });
  await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
  actor.stop();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a sign-in refused as too many attempts (issue 12)', () => {
  it('shows the server message, which says when to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await exchangeRefused(new ApiError('Too many attempts. Try again in 30 seconds.', 429));
    expect(shownToasts()).toBe('error: Too many attempts. Try again in 30 seconds.');
  });

  it('keeps other failed exchanges to the log, as spec §8 asks', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = shownToasts();
    await exchangeRefused(new ApiError('Sign-in code is invalid or expired', 401));
    expect(shownToasts()).toBe(before);
    expect(logged).toHaveBeenCalled();
  });
});
