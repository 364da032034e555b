import { useParams } from 'react-router-dom';
import { ProfileEditForm } from './profile-edit-form';
import { profileText } from './strings';

export function EditProfilePage() {
  const { profileId = '' } = useParams();
  return <ProfileEditForm key={profileId} profileId={profileId} title={profileText.editTitle} />;
}
