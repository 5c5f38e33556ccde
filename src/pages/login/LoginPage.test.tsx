import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../navigation';
import { getToken, STORAGE_KEYS, setLoginNotice } from '../../storage';
import { WithAuthProvider } from '../../test/authProvider';
import { installFakeFetch, networkError, reply } from '../../test/fakeFetch';
import { LoginPage } from './LoginPage';

const adminUser = { _id: 'u1', userId: 'USR-1', username: 'admin' };

describe('LoginPage', () => {
  let assign: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    window.history.pushState({}, '', '/login');
    assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
  });

  it('shows the card texts, fields, checkbox, links and the Sign in button', () => {
    render(<LoginPage />, { wrapper: WithAuthProvider });

    expect(screen.getByText('Sign in with your admin credentials')).toBeInTheDocument();
    expect(screen.getByText('Protected area — Admins only')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email or username' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    for (const name of ['Forgot password', 'Privacy', 'Terms']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains once why a signed-in non-admin was sent back here', () => {
    setLoginNotice('This account does not have admin access.');
    const { unmount } = render(<LoginPage />, { wrapper: WithAuthProvider });
    expect(screen.getByText('This account does not have admin access.')).toBeInTheDocument();
    unmount();
    render(<LoginPage />, { wrapper: WithAuthProvider });
    expect(screen.queryByText('This account does not have admin access.')).not.toBeInTheDocument();
  });

  it('the three links are inert', () => {
    render(<LoginPage />, { wrapper: WithAuthProvider });
    for (const name of ['Forgot password', 'Privacy', 'Terms']) {
      const link = screen.getByRole('link', { name });
      // fireEvent returns false when the default action (navigation) was prevented
      expect(fireEvent.click(link)).toBe(false);
    }
    expect(assign).not.toHaveBeenCalled();
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup();
    render(<LoginPage />, { wrapper: WithAuthProvider });
    const password = screen.getByLabelText('Password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it("reads 'Signing in…' and is disabled while busy, then does a full redirect to /", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const { requests } = installFakeFetch({
      'POST /api/auth/login': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/auth/me': reply(200, { user: adminUser }),
    });
    const user = userEvent.setup();
    render(<LoginPage />, { wrapper: WithAuthProvider });

    await user.type(screen.getByRole('textbox', { name: 'Email or username' }), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    expect(assign).not.toHaveBeenCalled();

    answer({ status: 200, body: { token: 'tok-new', user: adminUser } });

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(requests[0]?.body).toEqual({ emailOrUsername: 'admin', password: 'secret-pass' });
    expect(getToken()).toBe('tok-new');
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberMe)).toBeNull();
  });

  it('sets the remember-me flag only when ticked', async () => {
    installFakeFetch({
      'POST /api/auth/login': reply(200, { token: 'tok', user: adminUser }),
      'GET /api/auth/me': reply(200, { user: adminUser }),
    });
    const user = userEvent.setup();
    render(<LoginPage />, { wrapper: WithAuthProvider });

    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberMe)).toBe('true');
    // a remembered session outlives the browser
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });

  it('keeps an unticked session for this browser session only', async () => {
    installFakeFetch({
      'POST /api/auth/login': reply(200, { token: 'tok', user: adminUser }),
      'GET /api/auth/me': reply(200, { user: adminUser }),
    });
    window.localStorage.setItem(STORAGE_KEYS.rememberMe, 'true');
    const user = userEvent.setup();
    render(<LoginPage />, { wrapper: WithAuthProvider });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberMe)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });

  it('submits empty values as they are (no client validation)', async () => {
    const { requests } = installFakeFetch({
      'POST /api/auth/login': reply(401, {
        error: 'Invalid credentials',
        code: 'invalid_credentials',
      }),
    });
    const user = userEvent.setup();
    render(<LoginPage />, { wrapper: WithAuthProvider });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(requests[0]?.body).toEqual({ emailOrUsername: '', password: '' });
  });

  it("shows the server's error and re-enables the button", async () => {
    installFakeFetch({
      'POST /api/auth/login': reply(429, {
        error: 'Too many failed sign-in attempts. Try again in 42 seconds.',
        code: 'rate_limited',
      }),
    });
    const user = userEvent.setup();
    render(<LoginPage />, { wrapper: WithAuthProvider });

    await user.type(screen.getByRole('textbox', { name: 'Email or username' }), 'admin');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Try again in 42 seconds.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['an answer without an error field', reply(500)],
    ['a network failure', networkError],
  ] as const)("falls back to 'Invalid credentials' on %s", async (_name, route) => {
    installFakeFetch({ 'POST /api/auth/login': route });
    const user = userEvent.setup();
    render(<LoginPage />, { wrapper: WithAuthProvider });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid credentials$/);
    expect(assign).not.toHaveBeenCalled();
  });

  describe('two-step sign-in', () => {
    const challenged = reply(200, { mfaRequired: true, challenge: 'ch-1' });

    /** Types a name and password and signs in: the login answers a challenge. */
    const signIn = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.type(screen.getByRole('textbox', { name: 'Email or username' }), 'admin');
      await user.type(screen.getByLabelText('Password'), 'secret-pass');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      return screen.findByRole('textbox', { name: 'Code' });
    };

    it('asks for the code in the same card, verifies it, stores the session and redirects', async () => {
      let answer: (value: { status: number; body: unknown }) => void = () => {};
      const { requests } = installFakeFetch({
        'POST /api/auth/login': challenged,
        'POST /api/auth/2fa/verify': () => new Promise((resolve) => (answer = resolve)),
        'GET /api/auth/me': reply(200, { user: adminUser, permissions: ['*'] }),
      });
      const user = userEvent.setup();
      render(<LoginPage />, { wrapper: WithAuthProvider });

      const code = await signIn(user);
      expect(
        screen.getByText(
          'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Rewards Admin' })).toBeInTheDocument();
      expect(code).toHaveFocus();
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'text');
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      expect(getToken()).toBeNull();

      await user.type(code, 'abcd-efgh-ijkl-mnop');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('button', { name: 'Verifying…' })).toBeDisabled();
      expect(assign).not.toHaveBeenCalled();

      answer({ status: 200, body: { token: 'tok-2fa', user: adminUser } });

      await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
      expect(requests.find((r) => r.path === '/api/auth/2fa/verify')?.body).toEqual({
        challenge: 'ch-1',
        code: 'abcd-efgh-ijkl-mnop',
      });
      expect(getToken()).toBe('tok-2fa');
    });

    it("says 'Invalid code' and keeps the code, selected for retyping", async () => {
      installFakeFetch({
        'POST /api/auth/login': challenged,
        'POST /api/auth/2fa/verify': reply(401, { error: 'Invalid code', code: 'invalid_code' }),
      });
      const user = userEvent.setup();
      render(<LoginPage />, { wrapper: WithAuthProvider });

      const code = await signIn(user);
      await user.type(code, '123456{Enter}');

      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
      const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Code' });
      expect(field).toHaveValue('123456');
      expect(field).toHaveFocus();
      expect([field.selectionStart, field.selectionEnd]).toEqual([0, 6]);
      expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();

      // typing replaces the selected code
      await user.keyboard('654321');
      expect(field).toHaveValue('654321');
      expect(assign).not.toHaveBeenCalled();
    });

    it('an expired sign-in goes back to the password step with the server message', async () => {
      installFakeFetch({
        'POST /api/auth/login': challenged,
        'POST /api/auth/2fa/verify': reply(401, {
          error: 'This sign-in has expired. Sign in again.',
          code: 'challenge_expired',
        }),
      });
      const user = userEvent.setup();
      render(<LoginPage />, { wrapper: WithAuthProvider });

      await user.type(await signIn(user), '123456{Enter}');

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This sign-in has expired. Sign in again.',
      );
      expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
      expect(screen.getByText('Sign in with your admin credentials')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Email or username' })).toHaveValue('admin');
      expect(screen.getByLabelText('Password')).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    });

    it("shows the server's message when codes are tried too fast", async () => {
      installFakeFetch({
        'POST /api/auth/login': challenged,
        'POST /api/auth/2fa/verify': reply(429, {
          error: 'Too many failed sign-in attempts. Try again in 42 seconds.',
          code: 'rate_limited',
        }),
      });
      const user = userEvent.setup();
      render(<LoginPage />, { wrapper: WithAuthProvider });

      await user.type(await signIn(user), '123456{Enter}');

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Too many failed sign-in attempts. Try again in 42 seconds.',
      );
      expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('123456');
    });

    it("'Back to sign in' returns to the password step, the password cleared", async () => {
      const { requests } = installFakeFetch({ 'POST /api/auth/login': challenged });
      const user = userEvent.setup();
      render(<LoginPage />, { wrapper: WithAuthProvider });

      await signIn(user);
      await user.click(screen.getByRole('button', { name: 'Back to sign in' }));

      expect(screen.getByText('Sign in with your admin credentials')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Email or username' })).toHaveValue('admin');
      expect(screen.getByLabelText('Password')).toHaveValue('');
      expect(screen.getByLabelText('Password')).toHaveFocus();
      expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(requests.map((r) => r.path)).toEqual(['/api/auth/login']);
    });

    it('goes to My account when two-step set-up is due', async () => {
      installFakeFetch({
        'POST /api/auth/login': reply(200, { token: 'tok', user: adminUser }),
        'GET /api/auth/me': reply(200, {
          user: adminUser,
          permissions: ['*'],
          twoStepSetupRequired: true,
        }),
      });
      const user = userEvent.setup();
      render(<LoginPage />, { wrapper: WithAuthProvider });

      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      await waitFor(() => expect(assign).toHaveBeenCalledWith('/account'));
    });
  });
});
