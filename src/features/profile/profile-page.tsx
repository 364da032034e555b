import { Link } from 'react-router-dom';
import { Button } from '../../ui/button';
import { PencilIcon } from '../../ui/icons';
import { Page, PageTitle } from '../../ui/page';
import { ErrorState, LoadingState } from '../../ui/status';
import { BusinessDetails, PersonalDetails } from './profile-details';
import { profileText } from './strings';
import { useOwnProfile } from './use-own-profile';
import './profile.css';

export function ProfilePage() {
  const own = useOwnProfile();
  return (
    <Page>
      <PageTitle>{profileText.title}</PageTitle>
      {own.status === 'loading' ? <LoadingState /> : null}
      {own.status === 'missing' ? <ErrorState /> : null}
      {own.status === 'ready' ? (
        <>
          <PersonalDetails
            profile={own.profile}
            action={
              <Button asChild variant="secondary" size="sm">
                <Link to={`/profile/${encodeURIComponent(own.profile._id)}`}>
                  <PencilIcon width={16} height={16} />
                  {profileText.editInformation}
                </Link>
              </Button>
            }
          />
          {own.profile.userRole.role !== 'SuperUser' ? <BusinessDetails profile={own.profile} /> : null}
        </>
      ) : null}
    </Page>
  );
}
