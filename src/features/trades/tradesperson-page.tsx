import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import * as session from '../../../machines/session.selectors';
import { Session } from '../../flows/session/session-context';
import type { TradesPerson } from '../../domain/trades';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { DetailItem, DetailList } from '../../ui/details';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
import { LicenceList } from './licence-list';
import { tradesFieldLabels, tradesText, type TradesField } from './strings';
import { localToday } from './today';
import { TradesHomePage } from './trades-home-page';
import { useTradesPerson } from './use-trades-person';
import './trades.css';

const sections: readonly { readonly id: string; readonly title: string; readonly fields: readonly TradesField[] }[] = [
  { id: 'trades-personal', title: tradesText.personalDetails, fields: ['firstName', 'surname', 'phone', 'email'] },
  { id: 'trades-emergency', title: tradesText.emergencyContact, fields: ['emergencyContactName', 'emergencyContactPhone'] },
  { id: 'trades-qualifications', title: tradesText.qualifications, fields: ['tradeQualifications', 'whitecardNumber'] },
];

function TradesPersonDetails({ person }: { readonly person: TradesPerson }) {
  const [today] = useState(localToday);
  return (
    <>
      {sections.map((section) => (
        <Card key={section.id} aria-labelledby={`${section.id}-title`}>
          <CardHeader>
            <CardTitle id={`${section.id}-title`}>{section.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <DetailList>
              {section.fields.map((field) => (
                <DetailItem key={field} label={tradesFieldLabels[field]}>
                  {person[field] ? person[field] : <span className="muted">{tradesText.notProvided}</span>}
                </DetailItem>
              ))}
              {section.id === 'trades-qualifications' ? (
                <DetailItem label={tradesText.whitecardPhoto}>
                  {person.whitecardPhoto ? (
                    <a href={person.whitecardPhoto.url} target="_blank" rel="noreferrer" className="whitecard-photo">
                      <img src={person.whitecardPhoto.url} alt={tradesText.whitecardPhoto} />
                    </a>
                  ) : (
                    <span className="muted">{tradesText.noWhitecardPhoto}</span>
                  )}
                </DetailItem>
              ) : null}
            </DetailList>
          </CardContent>
        </Card>
      ))}
      <Card aria-labelledby="trades-licences-title">
        <CardHeader>
          <CardTitle id="trades-licences-title">{tradesText.licences}</CardTitle>
        </CardHeader>
        <CardContent>
          <LicenceList licences={person.licences} today={today} />
        </CardContent>
      </Card>
    </>
  );
}

/** Back to where the user came from; on a direct visit, to their company's SWMS list (or the start). */
function useBack() {
  const navigate = useNavigate();
  const companyId = Session.useSelector(session.companyId);
  const fallback = companyId ? `/company/${encodeURIComponent(companyId)}/swms` : '/';
  const hasHistory = () => typeof window.history.state?.idx === 'number' && window.history.state.idx > 0;
  return {
    to: fallback,
    onClick: (event: { preventDefault(): void }) => {
      if (!hasHistory()) return;
      event.preventDefault();
      navigate(-1);
    },
  };
}

/** Spec §2 /trades/{id}: a tradesperson's details, for the company users whose sites they worked on. */
function TradespersonDetailsPage({ id }: { readonly id: string }) {
  const back = useBack();
  const loaded = useTradesPerson(id);
  return (
    <Page>
      {loaded.status === 'missing' ? (
        <ProblemState
          problem={loaded.problem}
          title={tradesText.details}
          notFound={tradesText.notFound}
          notAllowed={tradesText.notAuthorised}
          backTo={back.to}
          onBack={back.onClick}
          backLabel={tradesText.back}
        />
      ) : (
        <>
          <PageTitle>{tradesText.details}</PageTitle>
          <PageToolbar>
            <BackLink to={back.to} onClick={back.onClick} />
          </PageToolbar>
          {loaded.status === 'loading' ? <LoadingState /> : <TradesPersonDetails person={loaded.record} />}
        </>
      )}
    </Page>
  );
}

/** /trades/{id}: the tradesperson's own home (issue 10 §5) when it is theirs, else their details (spec §2). */
export function TradespersonPage() {
  const { id = '' } = useParams();
  const isOwnHome = Session.useSelector((snapshot) => session.userId(snapshot) === id && session.hasRole('TradesPerson')(snapshot));
  return isOwnHome ? <TradesHomePage key={id} id={id} /> : <TradespersonDetailsPage key={id} id={id} />;
}
