import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { getProfile } from '../../api/get-profile';
import type { Profile } from '../../domain/profile';

const ownProfile = fromPromise<Profile>(() => getProfile());

export type OwnProfile = { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'missing' };

/** GET profile once per visit of the screen. */
export function useOwnProfile(): OwnProfile {
  const [snapshot] = useActor(ownProfile);
  if (snapshot.status === 'done' && snapshot.output) return { status: 'ready', profile: snapshot.output };
  if (snapshot.status === 'error') return { status: 'missing' };
  return { status: 'loading' };
}
