import { config } from '../../config';
import { LoginPage } from './LoginPage';
import { ProxySignInPage } from './ProxySignInPage';
import { SkipWhenSignedIn } from './SkipWhenSignedIn';

/**
 * /login: the password form (or straight on to the dashboard for an admin already signed in),
 * or the sign-on proxy's page when the proxy signs admins in.
 */
export const SignInPage = () =>
  config.authMode === 'proxy' ? (
    <ProxySignInPage />
  ) : (
    <SkipWhenSignedIn>
      <LoginPage />
    </SkipWhenSignedIn>
  );

export { LoginPage };
