import { useEffect, useLayoutEffect } from 'react';
import { Button } from '../../ui/button';
import { takeOverDrawnPage } from '../../components/drawn-page/drawn-page';
import { MessageScreen, statusMessages } from '../../ui/status';
import { isChunkLoadError } from './lazy-page';

export const chunkLoadMessages = {
  title: 'This page could not be loaded',
  detail: 'The portal may have been updated, or the connection dropped. Reload to get the latest version.',
} as const;

/** A screen that threw while rendering, or whose code did not arrive (spec §9): logged, and the user can reload. */
export function RouteError({ error }: { readonly error: unknown }) {
  useEffect(() => console.error(error), [error]);
  // A page the portal drew into the HTML (the check-in page's) gives way to the error, which offers the reload.
  useLayoutEffect(takeOverDrawnPage, []);
  const chunk = isChunkLoadError(error);
  return (
    <MessageScreen
      title={chunk ? chunkLoadMessages.title : statusMessages.error}
      actions={
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    >
      {chunk ? <p>{chunkLoadMessages.detail}</p> : null}
    </MessageScreen>
  );
}
