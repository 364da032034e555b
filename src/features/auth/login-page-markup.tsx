import { renderToStaticMarkup } from 'react-dom/server';
import { LoginView } from './login-view';

/** The login page's HTML, which the build draws into the page a signed-out visitor's `GET /` gets (vite.config.ts). */
export const loginPageMarkup = () => renderToStaticMarkup(<LoginView />);
