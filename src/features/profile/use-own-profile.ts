import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getProfile } from '../../api/get-profile';
import type { Profile } from '../../domain/profile';

// A rejected promise actor makes useActor throw during render, so a failed read resolves to null instead.
const ownProfile = fromPromise<Profile | null>(() =>
  getProfile().catch((error: unknown) => {
    console.error(error);
    return null;
  }),
);

export type OwnProfile = { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'missing' };

/** GET profile once per visit of the screen; a failed read shows 'Something went wrong :('. */
export function useOwnProfile(): OwnProfile {
  const [snapshot] = useActor(ownProfile);
  if (snapshot.status !== 'done') return { status: 'loading' };
  return snapshot.output ? { status: 'ready', profile: snapshot.output } : { status: 'missing' };
}
