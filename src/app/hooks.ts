/** The app-level hooks a feature may use: the session actor, Logout, and the remembered deep link. */
export { Session } from './session/session-context';
export { useSignOut } from './session/use-sign-out';
export { clearReturnTo, readReturnToAfterSignIn } from './routing/return-to';
