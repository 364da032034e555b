import { useParams } from 'react-router-dom';
import { CompanyEditor } from '../../flows/company-form/company-editor';
import { companyMessages } from '../../domain/company';
import { Page } from '../../ui/page';
import { companyText } from './strings';

/** Spec §2 /company/{companyId}/edit: 'Edit Company', the company form prefilled. */
export function EditCompanyPage() {
  const companyId = useParams().companyId ?? '';
  const profile = `/company/${encodeURIComponent(companyId)}`;
  return (
    <Page>
      <CompanyEditor
        key={companyId}
        companyId={companyId}
        backTo={profile}
        title={companyText.edit}
        notFound={companyMessages.notFound}
        listTo={profile}
        listLabel={companyText.backToProfile}
      />
    </Page>
  );
}
