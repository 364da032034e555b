import type { ReactNode } from 'react';
import type { Profile } from '../../domain/profile';
import { roleLabel } from '../../domain/roles';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { personalFields } from '../../domain/profile-form';
import { profileFieldLabels, profileText } from './strings';

function Value({ children }: { readonly children: string | undefined }) {
  return children ? <>{children}</> : <span className="muted">{profileText.notProvided}</span>;
}

export function PersonalDetails({ profile, action }: { readonly profile: Profile; readonly action?: ReactNode }) {
  return (
    <Card aria-labelledby="personal-details-title">
      <CardHeader>
        <CardTitle id="personal-details-title">{profileText.personalDetails}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>
        <DetailList>
          {personalFields.map((field) => (
            <DetailItem key={field} label={profileFieldLabels[field]}>
              <Value>{profile[field]}</Value>
            </DetailItem>
          ))}
        </DetailList>
      </CardContent>
    </Card>
  );
}

/** Spec §2 /profile: for every role but SuperUser, the employer and role; supervisors add qualifications. */
export function BusinessDetails({ profile }: { readonly profile: Profile }) {
  const company = profile.companyDetails;
  const business = profile.businessDetails;
  const isSupervisor = profile.userRole.role === 'CompanySupervisor';
  return (
    <Card aria-labelledby="business-details-title">
      <CardHeader>
        <CardTitle id="business-details-title">{profileText.businessDetails}</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList>
          <DetailItem label={profileText.employer}>
            <span className="employer">
              {company?.image?.url ? <img className="employer-logo" src={company.image.url} alt="" width={40} height={40} /> : null}
              <Value>{company?.name}</Value>
            </span>
          </DetailItem>
          <DetailItem label={profileText.role}>{roleLabel(profile.userRole.role)}</DetailItem>
          {isSupervisor ? (
            <>
              <DetailItem label={profileFieldLabels.tradeQualifications}>
                <Value>{business?.tradeQualifications}</Value>
              </DetailItem>
              <DetailItem label={profileFieldLabels.whitecardNumber}>
                <Value>{business?.whitecardNumber}</Value>
              </DetailItem>
            </>
          ) : null}
        </DetailList>
      </CardContent>
    </Card>
  );
}
