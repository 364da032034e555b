import type { OnSitePerson } from '../../../src/domain/site-visit';
import type { Swms } from '../../../src/domain/swms';
import type { EvacuationList } from '../../../server/pdf/evacuation-list';
import type { SitePoster } from '../../../server/pdf/site-poster';
import type { SignOnSheetLine, SwmsRecord } from '../../../server/pdf/swms-pdf';
import { drawnSignature } from '../../support/upload-fixtures';

/** A name in each script the portal accepts, and an emoji; each is printed and read back. */
export const scriptNames = {
  latin: 'Zoë Åström-Müller',
  vietnamese: 'Nguyễn Thị Phượng',
  greek: 'Γιώργος Παπαδόπουλος',
  cyrillic: 'Дмитрий Иванов',
  chinese: '王伟 李娜',
  korean: '김민준 박서연',
  hebrew: 'נועה לוי',
  arabic: 'محمد العلي',
  devanagari: 'प्रिया शर्मा',
  emoji: 'Sam 👷 Lee',
} as const;

export const submitter = { _id: 'u-1', firstName: 'Noa נועה', surname: 'Nguyễn 王伟' };
export const companyName = 'Ōtautahi Строй 建设 בנייה';
export const longWord = 'a'.repeat(300);
export const longUrl = `https://example.com.au/${'very-long-path-segment/'.repeat(12)}end?query=${'x'.repeat(80)}`;

function sampleSwms(): Swms {
  const names = Object.values(scriptNames);
  return {
    _id: 'swms-1',
    createdAt: '2026-12-01T20:51:00.000Z',
    createdUserDetails: submitter,
    site: { _id: 'site-1', siteNumber: 'HB-1042', address: '12 Ανθέων St', fullAddress: '12 Ανθέων St, Cabramatta NSW 2166', timeZone: 'Australia/Sydney' },
    companyAdminReviewedAt: '2026-12-01T21:10:00.000Z',
    companyAdminReviewedBy: 'u-2',
    companyAdminReviewerDetails: { firstName: 'محمد', surname: 'العلي' },
    supervisorReviewedAt: null,
    supervisorReviewedBy: null,
    supervisorReviewerDetails: null,
    companyAdminChangesRequestedAt: null,
    supervisorChangesRequestedAt: null,
    comments: [],
    revision: 1,
    highRiskWork: ['Work at height 🪜', 'Дмитрий Иванов'],
    riskConsequenceLevel: 4,
    riskLikelihoodLevel: 3,
    riskOverallLevel: 12,
    riskBand: 'High',
    task: {
      taskDescription: names.join('\n'),
      mobilePlantTools: longWord,
      riskText: longUrl,
      riskPhoto: null,
      controlText: `${scriptNames.hebrew} ${scriptNames.arabic}`,
      controlPhoto: null,
      controlImplementation: '',
      controlMonitoring: '',
      controlReview: '',
      ppe: ['hard_hat', 'high_vis'],
      otherPpe: scriptNames.korean,
    },
  };
}

/**
 * Issue 57 §3: the author's sign-on, then a worker of each script: drawn, typed (in their own script) in turn, the last
 * on the earlier revision's time.
 */
export function sampleSignOns(): SignOnSheetLine[] {
  const workers = Object.values(scriptNames).map((name, index): SignOnSheetLine => ({
    name,
    revision: 1,
    signedAt: new Date(Date.parse('2026-12-01T19:40:00.000Z') + index * 60_000).toISOString(),
    signature: index % 2 === 0 ? { kind: 'drawn', image: drawnSignature(index * 7) } : { kind: 'typed', name },
  }));
  return [{ name: `${submitter.firstName} ${submitter.surname}`, revision: 1, signedAt: '2026-12-01T20:51:00.000Z', signature: { kind: 'authored' } }, ...workers];
}

export const sampleRecord = (): SwmsRecord => ({ companyName, swms: sampleSwms(), history: [], riskPhoto: null, controlPhoto: null, signOns: sampleSignOns() });

export function sampleEvacuation(): EvacuationList {
  const people: OnSitePerson[] = Object.values(scriptNames).map((name, index) => {
    const [firstName = '', ...rest] = name.split(' ');
    return {
      checkInId: `c-${index}`,
      userId: `u-${index}`,
      firstName,
      surname: rest.join(' '),
      trade: index === 0 ? longWord : 'Electrician',
      phone: '0412 345 678',
      emergencyContactName: name,
      emergencyContactPhone: '0498 765 432',
      checkedInAt: '2026-12-01T19:51:00.000Z',
    };
  });
  return { companyName, siteNumber: 'HB-1042', address: '12 Ανθέων St', suburb: 'Cabramatta', postcode: '2166', timeZone: 'Australia/Sydney', printedAt: new Date('2026-12-01T19:54:00.000Z'), people };
}

export const samplePoster = (): SitePoster => ({
  companyName,
  address: `${scriptNames.vietnamese} ${scriptNames.chinese}`,
  suburb: 'Cabramatta',
  postcode: '2166',
  siteNumber: 'HB-1042',
  ppe: ['hard_hat', 'high_vis', 'safety_boots'],
  otherPpe: `${scriptNames.hebrew} ${scriptNames.emoji}`,
  url: 'https://portal.example.com.au/site/0b6a3c1e-8f7d-4c2a-9e51-3d2f1a7b9c40/check-in?key=4f0c9d2e7a1b3c5d6e8f90a1b2c3d4e5',
});
