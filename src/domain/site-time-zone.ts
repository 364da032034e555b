import { Schema } from 'effect';

export const australianStates = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'] as const;
export type AustralianState = (typeof australianStates)[number];

/** Inclusive postcode ranges of each state and territory, Australia Post's, PO box ranges included. */
const postcodeRanges: readonly (readonly [from: number, to: number, state: AustralianState])[] = [
  [200, 299, 'ACT'],
  [800, 999, 'NT'],
  [1000, 2599, 'NSW'],
  [2600, 2618, 'ACT'],
  [2619, 2899, 'NSW'],
  [2900, 2920, 'ACT'],
  [2921, 2999, 'NSW'],
  [3000, 3999, 'VIC'],
  [4000, 4999, 'QLD'],
  [5000, 5999, 'SA'],
  [6000, 6999, 'WA'],
  [7000, 7999, 'TAS'],
  [8000, 8999, 'VIC'],
  [9000, 9999, 'QLD'],
];

/** The state or territory of an Australian postcode (the site form has no state field); null when no state has it. */
export function stateOfPostcode(postcode: string): AustralianState | null {
  const trimmed = postcode.trim();
  if (!/^\d{4}$/.test(trimmed)) return null;
  const code = Number(trimmed);
  return postcodeRanges.find(([from, to]) => code >= from && code <= to)?.[2] ?? null;
}

/** The time zones a site may be on: each state's, and the two NSW places that keep another clock. */
export const siteTimeZones = [
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Perth',
  'Australia/Hobart',
  'Australia/Darwin',
  'Australia/Broken_Hill',
  'Australia/Lord_Howe',
] as const;
export type SiteTimeZone = (typeof siteTimeZones)[number];

const siteTimeZoneMessage = 'Choose one of the offered time zones';

export const SiteTimeZoneSchema = Schema.Literals(siteTimeZones).annotate({ message: siteTimeZoneMessage });

export const siteTimeZoneLabels: Record<SiteTimeZone, string> = {
  'Australia/Sydney': 'NSW and ACT (Sydney)',
  'Australia/Melbourne': 'VIC (Melbourne)',
  'Australia/Brisbane': 'QLD (Brisbane)',
  'Australia/Adelaide': 'SA (Adelaide)',
  'Australia/Perth': 'WA (Perth)',
  'Australia/Hobart': 'TAS (Hobart)',
  'Australia/Darwin': 'NT (Darwin)',
  'Australia/Broken_Hill': 'Broken Hill, NSW (South Australian time)',
  'Australia/Lord_Howe': 'Lord Howe Island, NSW',
};

export const stateTimeZones: Record<AustralianState, SiteTimeZone> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
};

/**
 * Issue 55 §3: the time zone a site's address puts it in, from its postcode's state; Broken Hill (2880) keeps South
 * Australian time and Lord Howe Island (2898) its own; a postcode of no state falls back to Sydney. Migration 039's
 * `postcode_time_zone` is this rule in SQL (tests/api/site-time-zone.test.ts compares every postcode).
 */
export function siteTimeZone(postcode: string): SiteTimeZone {
  const trimmed = postcode.trim();
  if (trimmed === '2880') return 'Australia/Broken_Hill';
  if (trimmed === '2898') return 'Australia/Lord_Howe';
  const state = stateOfPostcode(trimmed);
  return state ? stateTimeZones[state] : 'Australia/Sydney';
}

/**
 * Spec §3: a time not at a site shows on the viewer's clock. A file written on the server (the multi-SWMS export) is
 * told the browser's zone; a caller that does not say one gets Sydney's, the clock of NSW, the ACT, Victoria and
 * Tasmania, where most of the portal's people are (the time prints with its abbreviation, so it is never ambiguous).
 */
export const defaultViewerTimeZone: SiteTimeZone = 'Australia/Sydney';

export const viewerTimeZoneMessage = 'Time zone: give an IANA time zone name, such as Australia/Perth';

/** An IANA zone name this runtime knows ('Australia/Perth', 'UTC', 'Etc/GMT-10'); offsets and free text are refused. */
export function isTimeZoneName(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ViewerTimeZoneSchema = Schema.String.annotate({ message: viewerTimeZoneMessage }).check(
  Schema.makeFilter<string>((value) => isTimeZoneName(value) || viewerTimeZoneMessage),
);

/** The browser's own zone, as the export asks the server to print its times in. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZoneName(zone) ? zone : undefined;
}
