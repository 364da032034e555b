import { ProfileEditForm } from './profile-edit-form';
import { profileText } from './strings';

/** /profile/create: the same form, for a profile that has no details yet. */
export function CreateProfilePage() {
  return <ProfileEditForm profileId={null} title={profileText.createTitle} />;
}
