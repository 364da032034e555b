import { Link, useParams } from 'react-router-dom';
import { CompanyDetails } from '../../components/company-details/company-details';
import { useCompany } from '../../components/company-details/use-company';
import { Button } from '../../ui/button';
import { PencilIcon } from '../../ui/icons';
import { Page, PageTitle } from '../../ui/page';
import { ErrorState, LoadingState } from '../../ui/status';
import { companyText } from './strings';

function CompanyProfile({ companyId }: { readonly companyId: string }) {
  const read = useCompany(companyId);
  return (
    <Page>
      <PageTitle>{companyText.profile}</PageTitle>
      {read.status === 'loading' ? <LoadingState /> : null}
      {read.status === 'missing' ? <ErrorState /> : null}
      {read.status === 'ready' ? (
        <CompanyDetails
          company={read.company}
          actions={
            <Button asChild variant="secondary" size="sm">
              <Link to={`/company/${encodeURIComponent(companyId)}/edit`}>
                <PencilIcon width={16} height={16} />
                {companyText.editInformation}
              </Link>
            </Button>
          }
        />
      ) : null}
    </Page>
  );
}

/** Spec §2 /company/{companyId}: Company Profile (issue 4 item 1). */
export function CompanyProfilePage() {
  const companyId = useParams().companyId ?? '';
  return <CompanyProfile key={companyId} companyId={companyId} />;
}
