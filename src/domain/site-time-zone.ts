/**
 * The IANA time zone of an Australian site from its postcode (Australia Post's ranges): midnight
 * "site time" ends a day's check-ins. Broken Hill (2880) keeps South Australian time; the ACT and
 * Jervis Bay ranges are NSW time; an unknown postcode falls back to Sydney.
 */
export function siteTimeZone(postcode: string): string {
  const code = Number(postcode.trim());
  if (!/^\d{4}$/.test(postcode.trim())) return 'Australia/Sydney';
  if (code === 2880) return 'Australia/Broken_Hill';
  if (code >= 800 && code <= 999) return 'Australia/Darwin';
  if ((code >= 1000 && code <= 2999)) return 'Australia/Sydney';
  if ((code >= 3000 && code <= 3999) || (code >= 8000 && code <= 8999)) return 'Australia/Melbourne';
  if ((code >= 4000 && code <= 4999) || (code >= 9000 && code <= 9999)) return 'Australia/Brisbane';
  if (code >= 5000 && code <= 5999) return 'Australia/Adelaide';
  if (code >= 6000 && code <= 6999) return 'Australia/Perth';
  if (code >= 7000 && code <= 7999) return 'Australia/Hobart';
  return 'Australia/Sydney';
}
