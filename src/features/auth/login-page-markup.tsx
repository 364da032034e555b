import { renderToStaticMarkup } from 'react-dom/server';
import { documentTitle } from '../../ui/page';
import { LoginView } from './login-view';
import { authText } from './strings';

/** The login page's HTML, which the build draws into the page a signed-out visitor's `GET /` gets (vite.config.ts). */
export const loginPageMarkup = () => renderToStaticMarkup(<LoginView />);

/** That page's title, as the app writes it once it has started. */
export const loginPageTitle = () => documentTitle(authText.signInTitle);
