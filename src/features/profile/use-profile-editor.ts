import { useActorRef } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { getProfile } from '../../api/get-profile';
import { updateProfile } from '../../api/update-profile';
import type { Profile, ProfileUpdate } from '../../domain/profile';
import { toast } from '../../ui/toast-store';
import { profileEditorMachine } from '../../../machines/profile-editor.machine';
import { profileText } from './strings';

/** The editor actor for this visit, with the API calls and the spec §8 toasts plugged in. */
export function useProfileEditor(profileId: string | null) {
  const navigate = useNavigate();
  return useActorRef(
    profileEditorMachine.provide({
      actors: {
        loadProfile: fromPromise<Profile>(() => getProfile()),
        saveProfile: fromPromise<Profile, ProfileUpdate>(({ input }) => updateProfile(input)),
      },
      actions: {
        notifySaved: () => {
          toast.success(profileText.saved);
          navigate('/profile');
        },
        notifySaveFailed: (_, { error }) => {
          console.error(error);
          toast.error(profileText.saveFailed);
        },
      },
    }),
    { input: { profileId } },
  );
}
