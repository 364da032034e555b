import { useParams } from 'react-router-dom';
import { CompanyEditor } from '../../components/company-form/company-editor';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { BackLink } from '../../ui/status';
import { companyText } from './strings';

/** Spec §2 /company/{companyId}/edit: 'Edit Company', the company form prefilled. */
export function EditCompanyPage() {
  const companyId = useParams().companyId ?? '';
  const backTo = `/company/${encodeURIComponent(companyId)}`;
  return (
    <Page>
      <PageTitle>{companyText.edit}</PageTitle>
      <PageToolbar>
        <BackLink to={backTo} />
      </PageToolbar>
      <CompanyEditor key={companyId} companyId={companyId} backTo={backTo} />
    </Page>
  );
}
