import { swmsBundlePdf, swmsPdf, type SwmsRecord } from '../../server/pdf/swms-pdf';
import { companyName, sampleRecord } from '../unit/server/pdf-samples';

/**
 * Issue 55 §1: what the SWMS PDFs weigh and cost with the embedded Noto subsets. Prints the bytes
 * and milliseconds of one SWMS and of a 500-SWMS export, for an English record and for one with
 * every script the portal accepts; the first one-SWMS figure includes reading the fonts.
 * Run: node --import tsx tests/bench/pdf-sizes.ts
 */
const every = sampleRecord();
const english: SwmsRecord = {
  ...every,
  companyName: 'Harbour Build Co',
  swms: {
    ...every.swms,
    createdUserDetails: { _id: 'u-1', firstName: 'Olivia', surname: 'Bennett' },
    site: { _id: 'site-1', siteNumber: 'HB-1042', address: '12 Harbour St', fullAddress: '12 Harbour St, Pyrmont NSW 2009', timeZone: 'Australia/Sydney' },
    companyAdminReviewerDetails: { firstName: 'Liam', surname: 'Walker' },
    highRiskWork: ['Work at height', 'Tilt-up or precast concrete'],
    task: {
      ...every.swms.task,
      taskDescription: 'Alter scaffold ties and relocate the loading bay at the street frontage, levels 3 to 5.',
      mobilePlantTools: 'Telehandler, cordless impact drivers, spanners, tag lines',
      riskText: 'Falls from height while ties are removed; falling objects onto the footpath below.',
      controlText: 'Exclusion zone below, tools tethered, ties swapped one at a time under the scaffolder.',
      otherPpe: 'Harness with double lanyard',
    },
  },
};

async function timed(label: string, make: () => Promise<Buffer>): Promise<void> {
  const started = performance.now();
  const bytes = await make();
  const took = performance.now() - started;
  console.log(`${label.padEnd(34)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KiB ${took.toFixed(0).padStart(7)} ms`);
}

await timed('one SWMS, English (first)', () => swmsPdf(english));
await timed('one SWMS, English', () => swmsPdf(english));
await timed('one SWMS, every script', () => swmsPdf(every));
await timed('500 SWMS, English', () => swmsBundlePdf('Harbour Build Co', Array.from({ length: 500 }, () => english), 'Australia/Sydney'));
await timed('500 SWMS, every script', () => swmsBundlePdf(companyName, Array.from({ length: 500 }, () => every), 'Australia/Sydney'));
