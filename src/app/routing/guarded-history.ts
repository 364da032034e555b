import { UNSAFE_createBrowserHistory, type To } from 'react-router-dom';
import { hasUnsavedTyping, leaveOrAsk } from '../../components/leave-guard/leave-blocker';

type BrowserHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/**
 * Issue 55 §7: the browser history of the declarative router (issue 11 keeps the data router, and with it
 * useBlocker, out), with every move in the app asked of the leave guard: a link or a redirect waits for the
 * answer, and Back or Forward is undone until the user confirms, then redone.
 */
export function createGuardedHistory(): BrowserHistory {
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  let undoing = false;
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to: To) => history.createHref(to),
    createURL: (to: To) => history.createURL(to),
    encodeLocation: (to: To) => history.encodeLocation(to),
    go: (delta: number) => history.go(delta),
    push: (to, state) => leaveOrAsk(() => history.push(to, state)),
    replace: (to, state) => leaveOrAsk(() => history.replace(to, state)),
    listen: (listener) =>
      history.listen((update) => {
        if (undoing) {
          undoing = false;
          return;
        }
        if (update.action === 'POP' && update.delta && hasUnsavedTyping()) {
          const delta = update.delta;
          undoing = true;
          history.go(-delta);
          leaveOrAsk(() => history.go(delta));
          return;
        }
        listener(update);
      }),
  };
}
