import { config } from '../../config';
import { LoginPage } from './LoginPage';
import { ProxySignInPage } from './ProxySignInPage';

/** /login: the password form, or the sign-on proxy's page when the proxy signs admins in. */
export const SignInPage = () => (config.authMode === 'proxy' ? <ProxySignInPage /> : <LoginPage />);

export { LoginPage };
