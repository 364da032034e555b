import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../../ui/button';
import { MessageScreen, statusMessages } from '../../ui/status';

/** A screen that threw while rendering: logged, and the user can reload. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <MessageScreen
      title={statusMessages.error}
      actions={
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
