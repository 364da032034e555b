import { licencesWithStanding } from '../../../machines/trades-home.selectors';
import type { Licence, LicenceStanding } from '../../domain/trades';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { tradesText } from './strings';

const dayMonthYear = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
};

const standingText: Record<LicenceStanding, (date: string) => string> = {
  expired: tradesText.expired,
  expiresSoon: tradesText.expiresSoon,
  current: tradesText.expires,
};

/** Issue 10 §5: each licence with its expiry; expired in red, expiring within 30 days in amber, the date in words. */
export function LicenceList({ licences, today }: { readonly licences: readonly Licence[]; readonly today: string }) {
  if (licences.length === 0) return <p className="muted">{tradesText.noLicences}</p>;
  return (
    <ul className="licence-list">
      {licencesWithStanding(licences, today).map(({ licence, standing }) => (
        <li key={licence._id} className="licence-item" data-standing={standing}>
          <div className="licence-item-text">
            <span className="licence-item-class">{licence.licenceClass}</span>
            <span className="licence-item-number">{licence.number}</span>
            <span className="licence-item-expiry">
              {standing === 'current' ? <CheckIcon width={16} height={16} /> : <AlertIcon width={16} height={16} />}
              {standingText[standing](dayMonthYear(licence.expiresOn))}
            </span>
          </div>
          {licence.photo ? (
            <a href={licence.photo.url} target="_blank" rel="noreferrer" className="licence-item-photo">
              <img src={licence.photo.url} alt={tradesText.licencePhoto(licence.licenceClass)} />
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
