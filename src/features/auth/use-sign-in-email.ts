import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getProfile } from '../../api/get-profile';

// A rejected promise actor makes useActor throw during render, so a failed read resolves to null instead.
const signInEmail = fromPromise<string | null>(() =>
  getProfile().then(
    (profile) => profile.contactEmail || null,
    (error: unknown) => {
      console.error(error);
      return null;
    },
  ),
);

/** The email the person signed in with, from GET profile (the token carries none); null while loading or unread. */
export function useSignInEmail(): string | null {
  const [snapshot] = useActor(signInEmail);
  return snapshot.status === 'done' ? snapshot.output : null;
}
