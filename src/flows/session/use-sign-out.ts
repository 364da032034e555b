import { useNavigate } from 'react-router-dom';
import { Session } from './session-context';

/** Logout: the session signs out (server first, then storage), and the browser returns to the login screen. */
export function useSignOut(): () => void {
  const { send } = Session.useActorRef();
  const navigate = useNavigate();
  return () => {
    send({ type: 'session.signOut' });
    navigate('/', { replace: true });
  };
}
