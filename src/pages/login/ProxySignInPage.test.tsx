import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_AN_ADMIN } from '../../authProvider';
import { config } from '../../config';
import { pageNavigation } from '../../navigation';
import { getStoredUser, setLoginNotice, setStoredUser } from '../../storage';
import { WithAuthProvider } from '../../test/authProvider';
import { SignInPage } from '.';
import { PROXY_NOT_SIGNED_IN } from './ProxySignInPage';

describe('/login behind a single sign-on proxy', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    Object.assign(config, { authMode: 'proxy', logoutUrl: '/oauth2/sign_out', basePath: '/admin' });
    assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
  });
  afterEach(() => {
    Object.assign(config, { authMode: 'password', logoutUrl: null, basePath: '' });
  });

  it('has no password form: it says why the console did not open', () => {
    render(<SignInPage />);
    expect(screen.getByRole('heading', { name: 'Rewards Admin' })).toBeInTheDocument();
    expect(screen.getByText(PROXY_NOT_SIGNED_IN)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('tells a signed-on person without admin access so', () => {
    setLoginNotice(NOT_AN_ADMIN);
    render(<SignInPage />);
    expect(screen.getByText(NOT_AN_ADMIN)).toBeInTheDocument();
  });

  it("tries the console again, or signs out at the proxy's sign-out address", async () => {
    setStoredUser({ _id: 'u1', userId: 'USR-1', username: 'admin' });
    render(<SignInPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(assign).toHaveBeenLastCalledWith('/admin/');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(assign).toHaveBeenLastCalledWith('/oauth2/sign_out');
    expect(getStoredUser()).toBeNull();
  });

  it('is the password form when the console signs admins in itself', () => {
    config.authMode = 'password';
    render(
      <MemoryRouter initialEntries={['/login']}>
        <SignInPage />
      </MemoryRouter>,
      { wrapper: WithAuthProvider },
    );
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
