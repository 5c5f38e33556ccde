import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/account';
import { INVALID_CODE, TWO_STEP_REQUIRED, type TwoStepStatus } from '../../../contract/two-step';
import { formatDateTime } from '../../format';
import { getToken } from '../../storage';
import { callsTo, gated, reply } from '../../test/fakeFetch';
import { meHolding } from '../../test/renderAdmin';
import { isTwoStepSetupRequired } from '../../twoStepGate';
import { KEEP_CODES_SAFE, RECOVERY_CODES_FILE } from './RecoveryCodes';
import { pageReady, renderAccount, section, TWO_STEP_OFF, TWO_STEP_ON } from './testing';

const SECRET = 'JBSWY3DPEHPK3PXP';
const SETUP = {
  secret: SECRET,
  otpauthUrl: `otpauth://totp/Rewards%20Admin:tester?secret=${SECRET}&issuer=Rewards%20Admin`,
};
const CODES = Array.from(
  { length: 10 },
  (_, i) => `abcd-efgh-ijkl-mn${String(i).padStart(2, '0')}`,
);

const twoStep = () => section('Two-step sign-in');

/** The tester's password, as the fake server knows it. */
const PASSWORD = 'right-password';
const WRONG_PASSWORD = reply(401, {
  error: CURRENT_PASSWORD_INCORRECT,
  code: 'wrong_password',
  fields: { currentPassword: CURRENT_PASSWORD_INCORRECT },
});
const passwordOf = (request: { body: unknown }) =>
  (request.body as { currentPassword?: string }).currentPassword;

/**
 * Two-step sign-in as the server keeps it: off until enabled with '123456', off again with
 * '654321'; set-up and turning off need the password.
 */
const server = (initial: TwoStepStatus = TWO_STEP_OFF) => {
  let status = initial;
  return {
    'GET /api/auth/2fa': () => reply(200, status),
    'POST /api/auth/2fa/setup': (request: { body: unknown }) =>
      passwordOf(request) === PASSWORD ? reply(200, SETUP) : WRONG_PASSWORD,
    'POST /api/auth/2fa/enable': (request: { body: unknown }) => {
      if ((request.body as { code: string }).code !== '123456') {
        return reply(401, { error: INVALID_CODE, code: 'invalid_code' });
      }
      status = { ...TWO_STEP_ON, recoveryCodesLeft: 10 };
      return reply(200, { recoveryCodes: CODES });
    },
    'POST /api/auth/2fa/disable': (request: { body: unknown }) => {
      if (passwordOf(request) !== PASSWORD) return WRONG_PASSWORD;
      if ((request.body as { code: string }).code !== '654321') {
        return reply(401, { error: INVALID_CODE, code: 'invalid_code' });
      }
      status = TWO_STEP_OFF;
      return reply(200, { ok: true });
    },
  };
};

type User = ReturnType<typeof userEvent.setup>;

const passwordField = () => twoStep().getByLabelText('Current password');

/** 'Set up two-step sign-in', then the password and Continue. */
const askToSetUp = async (user: User, password = PASSWORD) => {
  await user.click(await twoStep().findByRole('button', { name: 'Set up two-step sign-in' }));
  await user.type(passwordField(), password);
  await user.click(twoStep().getByRole('button', { name: 'Continue' }));
};

/** Starts the set-up and waits for the QR code. */
const startSetUp = async (user: User) => {
  await askToSetUp(user);
  return twoStep().findByRole('img', { name: 'QR code for your authenticator app' });
};

const codeField = () => twoStep().getByRole('textbox', { name: 'Code' });

/** Fills in the turning-off form and confirms. */
const turnOff = async (user: User, code: string, password = PASSWORD) => {
  await user.type(await twoStep().findByRole('textbox', { name: 'Code' }), code);
  await user.type(passwordField(), password);
  await user.click(twoStep().getByRole('button', { name: 'Turn off' }));
  const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
  await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
};

describe('My account: two-step sign-in', () => {
  it('says it is loading, then that it is off', async () => {
    const { route, open } = gated(reply(200, TWO_STEP_OFF));
    renderAccount({ 'GET /api/auth/2fa': route });
    await pageReady();
    expect(twoStep().getByRole('status')).toHaveTextContent('Loading two-step sign-in…');
    open();
    expect(await twoStep().findByText('Two-step sign-in is off.')).toBeVisible();
  });

  it('says when it cannot be loaded, with Retry', async () => {
    renderAccount({ 'GET /api/auth/2fa': reply(500, { error: 'Database unavailable' }) });
    await pageReady();
    const alert = await twoStep().findByRole('alert');
    expect(alert).toHaveTextContent('Error loading two-step sign-in');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('sets it up: the QR code and the key, a code turns it on, the recovery codes once, Done', async () => {
    const user = userEvent.setup();
    const { requests } = renderAccount(server());
    await pageReady();

    const qr = await startSetUp(user);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg');
    expect(twoStep().getByRole('heading', { level: 3 })).toHaveFocus();
    expect(twoStep().getByText('JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await user.click(twoStep().getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.type(codeField(), '123456');
    await user.click(twoStep().getByRole('button', { name: 'Turn on' }));

    const codes = await twoStep().findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(twoStep().getByText(KEEP_CODES_SAFE)).toBeVisible();
    expect(twoStep().getByRole('heading', { name: 'Recovery codes' })).toHaveFocus();
    expect(callsTo(requests, 'POST', '/api/auth/2fa/setup').map((r) => r.body)).toEqual([
      { currentPassword: PASSWORD },
    ]);
    expect(callsTo(requests, 'POST', '/api/auth/2fa/enable').map((r) => r.body)).toEqual([
      { code: '123456' },
    ]);

    await user.click(twoStep().getByRole('button', { name: 'Copy recovery codes' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));

    const files: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(globalThis.URL, {
        createObjectURL: (blob: Blob) => {
          files.push(blob);
          return 'blob:recovery-codes';
        },
        revokeObjectURL: () => {},
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await user.click(twoStep().getByRole('button', { name: 'Download' }));
    expect(saved).toEqual([RECOVERY_CODES_FILE]);
    expect(files[0]?.type).toBe('text/plain;charset=utf-8');
    const text = (await files[0]?.text()) ?? '';
    for (const code of CODES) expect(text).toContain(code);

    await user.click(twoStep().getByRole('button', { name: 'Done' }));
    expect(await twoStep().findByText('Two-step sign-in is on.')).toHaveFocus();
    expect(twoStep().queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(twoStep().getByText('10 recovery codes left.')).toBeVisible();
  });

  it("puts 'Invalid code' on the Code field, still signed in", async () => {
    const user = userEvent.setup();
    renderAccount(server());
    await pageReady();
    await startSetUp(user);

    await user.click(twoStep().getByRole('button', { name: 'Turn on' }));
    expect(codeField()).toHaveAccessibleDescription('Enter a code');

    await user.type(codeField(), '000000');
    await user.click(twoStep().getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(INVALID_CODE));
    expect(codeField()).toHaveFocus();
    expect(twoStep().queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(getToken()).toBe('tok-test');
  });

  it('shows since when it is on and the recovery codes left, and turns it off with a code after asking', async () => {
    const user = userEvent.setup();
    const { requests } = renderAccount(server(TWO_STEP_ON));
    await pageReady();
    expect(await twoStep().findByText('Two-step sign-in is on.')).toBeVisible();
    expect(twoStep().getByText(`On since ${formatDateTime(TWO_STEP_ON.enabledAt)}`)).toBeVisible();
    expect(twoStep().getByText('8 recovery codes left.')).toBeVisible();

    await user.type(codeField(), '654321');
    await user.type(passwordField(), PASSWORD);
    await user.click(twoStep().getByRole('button', { name: 'Turn off' }));
    let dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'POST', '/api/auth/2fa/disable')).toHaveLength(0);

    await user.click(twoStep().getByRole('button', { name: 'Turn off' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText('Two-step sign-in turned off')).toBeInTheDocument();
    expect(await twoStep().findByText('Two-step sign-in is off.')).toBeVisible();
    await waitFor(() => expect(twoStep().getByText('Two-step sign-in is off.')).toHaveFocus());
    expect(callsTo(requests, 'POST', '/api/auth/2fa/disable').map((r) => r.body)).toEqual([
      { code: '654321', currentPassword: PASSWORD },
    ]);
  });

  it("says 'Invalid code' when the code to turn it off is wrong", async () => {
    const user = userEvent.setup();
    renderAccount(server(TWO_STEP_ON));
    await pageReady();
    await turnOff(user, '111111');

    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(INVALID_CODE));
    expect(twoStep().getByText('Two-step sign-in is on.')).toBeVisible();
    expect(getToken()).toBe('tok-test');
  });

  it('says why a set-up was refused once the section shows it on (turned on in another tab)', async () => {
    let status: TwoStepStatus = TWO_STEP_OFF;
    const user = userEvent.setup();
    renderAccount({
      'GET /api/auth/2fa': () => reply(200, status),
      'POST /api/auth/2fa/setup': () => {
        status = TWO_STEP_ON;
        return reply(409, { error: 'Two-step sign-in is already on.', code: 'two_step_on' });
      },
    });
    await pageReady();
    await askToSetUp(user);
    expect(await twoStep().findByText('Two-step sign-in is on.')).toBeInTheDocument();
    expect(twoStep().getByText('Two-step sign-in is already on.')).toBeInTheDocument();
  });

  it('asks for the current password before the QR code: missing or wrong, said on its field', async () => {
    const user = userEvent.setup();
    const { requests } = renderAccount(server());
    await pageReady();
    await user.click(await twoStep().findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(passwordField()).toHaveFocus();
    expect(twoStep().queryByRole('img')).not.toBeInTheDocument();

    await user.click(twoStep().getByRole('button', { name: 'Continue' }));
    expect(passwordField()).toHaveAccessibleDescription('Enter your current password');
    expect(callsTo(requests, 'POST', '/api/auth/2fa/setup')).toHaveLength(0);

    await user.type(passwordField(), 'a-guess');
    await user.click(twoStep().getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(passwordField()).toHaveAccessibleDescription(CURRENT_PASSWORD_INCORRECT),
    );
    expect(passwordField()).toHaveFocus();
    expect(twoStep().queryByRole('img')).not.toBeInTheDocument();

    // Cancel goes back to the status, nothing set up.
    await user.click(twoStep().getByRole('button', { name: 'Cancel' }));
    expect(await twoStep().findByText('Two-step sign-in is off.')).toHaveFocus();

    await startSetUp(user);
    expect(twoStep().queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('says a set-up refused for too many attempts above the password, staying on it', async () => {
    const user = userEvent.setup();
    const text = 'Too many failed sign-in attempts. Try again in 30 seconds.';
    renderAccount({
      'POST /api/auth/2fa/setup': reply(429, { error: text, code: 'rate_limited' }),
    });
    await pageReady();
    await askToSetUp(user);
    expect(await twoStep().findByRole('alert')).toHaveTextContent(text);
    expect(passwordField()).toBeVisible();
  });

  it('needs the current password to turn it off too: missing, then wrong, on its field', async () => {
    const user = userEvent.setup();
    const { requests } = renderAccount(server(TWO_STEP_ON));
    await pageReady();
    await user.type(await twoStep().findByRole('textbox', { name: 'Code' }), '654321');
    await user.click(twoStep().getByRole('button', { name: 'Turn off' }));
    expect(passwordField()).toHaveAccessibleDescription('Enter your current password');
    expect(passwordField()).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(passwordField(), 'a-guess');
    await user.click(twoStep().getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(passwordField()).toHaveAccessibleDescription(CURRENT_PASSWORD_INCORRECT),
    );
    expect(codeField()).not.toHaveAccessibleDescription(INVALID_CODE);
    expect(twoStep().getByText('Two-step sign-in is on.')).toBeVisible();
    expect(callsTo(requests, 'POST', '/api/auth/2fa/disable').map((r) => r.body)).toEqual([
      { code: '654321', currentPassword: 'a-guess' },
    ]);
  });

  it('offers no Turn off where every admin must have it', async () => {
    renderAccount(server({ ...TWO_STEP_ON, required: true }));
    await pageReady();
    expect(await twoStep().findByText('Required for every admin here.')).toBeVisible();
    expect(twoStep().queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(twoStep().queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
  });

  it('under REQUIRE_2FA: turning it on opens the console, and Done goes to the dashboard', async () => {
    const user = userEvent.setup();
    const twoStepServer = server({ ...TWO_STEP_OFF, required: true });
    /** The admin API opens once two-step sign-in is on. */
    const setUp = () => (twoStepServer['GET /api/auth/2fa']().body as TwoStepStatus).enabled;
    renderAccount({
      ...twoStepServer,
      'GET /api/admin/ping': () =>
        setUp()
          ? reply(200, { ok: true })
          : reply(403, { error: TWO_STEP_REQUIRED, code: 'two_step_required' }),
      'GET /api/auth/me': () => reply(200, { ...meHolding([]), twoStepSetupRequired: !setUp() }),
    });
    await pageReady();
    expect(screen.getByText(TWO_STEP_REQUIRED)).toBeVisible();

    await startSetUp(user);
    await user.type(codeField(), '123456');
    await user.click(twoStep().getByRole('button', { name: 'Turn on' }));
    await twoStep().findByRole('list', { name: 'Recovery codes' });
    expect(isTwoStepSetupRequired()).toBe(false);
    expect(screen.queryByText(TWO_STEP_REQUIRED)).not.toBeInTheDocument();

    await user.click(twoStep().getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});
