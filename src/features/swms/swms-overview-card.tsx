import { Link } from 'react-router-dom';
import { formatActivity } from '../../domain/dates';
import type { Swms } from '../../domain/swms';
import { tradesHomePath } from '../../domain/trades-paths';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { swmsText } from './strings';
import { sitePath } from './swms-paths';

/**
 * Spec §2: the submitter (a link to their details), the site, its job number and when it was
 * submitted. The address leads to the site (who is on site now, its QR code): the way a supervisor,
 * who has no site list, reaches it.
 */
export function SwmsOverviewCard({ companyId, swms }: { readonly companyId: string; readonly swms: Swms }) {
  const submitter = swms.createdUserDetails;
  return (
    <Card aria-labelledby="swms-overview-title">
      <CardHeader>
        <CardTitle id="swms-overview-title">{swmsText.overview}</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList>
          <DetailItem label={swmsText.submittedBy}>
            <Link to={tradesHomePath(submitter._id)}>{`${submitter.firstName} ${submitter.surname}`.trim()}</Link>
          </DetailItem>
          <DetailItem label={swmsText.siteAddress}>
            <Link to={sitePath(companyId, swms.site._id)}>{swms.site.fullAddress}</Link>
          </DetailItem>
          <DetailItem label={swmsText.jobNo}>{swms.site.siteNumber}</DetailItem>
          <DetailItem label={swmsText.submittedAt}>
            <time dateTime={swms.createdAt}>{formatActivity(swms.createdAt, swms.site.timeZone)}</time>
          </DetailItem>
        </DetailList>
      </CardContent>
    </Card>
  );
}
