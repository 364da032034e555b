import { isSafeReturnTo } from '../../../machines/sign-in-redirect.machine';

/** Only a same-origin path is followed back. */
export const safeFrom = (from: string | null): string | null => (isSafeReturnTo(from) ? from : null);
