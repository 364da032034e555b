import { useEffect } from 'react';
import { newSwmsPath } from '../../domain/swms-draft';
import { prefetchScreen } from '../../ui/screen-prefetch';
import { whenIdle } from '../../ui/when-idle';
import { preloadPhotoCompression } from '../photo/resize-photo';
import { isBrowserOnline } from '../network/use-network-events';

/**
 * Issue 11: while a screen offers 'New SWMS' for a site (the tradesperson is on site, or was today), fetches the SWMS
 * builder's code, and the photo resizing it uses, once the screen is idle and while there is signal, as the builder
 * itself fetches the resizing. Tapped later, the builder opens at once, with no signal too. Not when the browser asks
 * to save data.
 */
export function useBuilderReady(siteId: string | null): void {
  useEffect(() => {
    if (siteId === null || savingData()) return undefined;
    return whenIdle(() => {
      if (!isBrowserOnline()) return;
      prefetchScreen(newSwmsPath(siteId)).catch(() => undefined);
      preloadPhotoCompression().catch(() => undefined);
    });
  }, [siteId]);
}

/** The browser's Save-Data preference (Chromium's `navigator.connection.saveData`; other browsers have none). */
function savingData(): boolean {
  return (navigator as Navigator & { readonly connection?: { readonly saveData?: boolean } }).connection?.saveData === true;
}
