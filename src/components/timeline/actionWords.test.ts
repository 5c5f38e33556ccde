import { describe, expect, it } from 'vitest';
import { describeEntry } from './actionWords';

describe('describeEntry: two-step sign-in and My account', () => {
  it('says each action in words, and the fields those words cover', () => {
    expect(describeEntry({ action: 'auth.two_step_enabled', after: null })).toEqual({
      what: 'Enabled two-step sign-in',
      details: [],
      said: [],
    });
    expect(describeEntry({ action: 'auth.two_step_disabled', after: null }).what).toBe(
      'Turned off two-step sign-in',
    );
    expect(describeEntry({ action: 'auth.two_step_codes_wrong', after: null }).what).toBe(
      'Wrong two-step codes after a correct password',
    );
    expect(describeEntry({ action: 'user.two_step_reset', after: { twoStep: false } })).toEqual({
      what: 'Two-step sign-in reset',
      details: [],
      said: ['twoStep'],
    });
    expect(
      describeEntry({ action: 'auth.password_change', after: { passwordChanged: true } }),
    ).toEqual({ what: 'Changed own password', details: [], said: ['passwordChanged'] });
  });

  it('says how many sessions ended', () => {
    expect(describeEntry({ action: 'auth.sessions_end', after: { ended: 3 } })).toEqual({
      what: 'Ended sessions',
      details: ['3 sessions'],
      said: ['ended'],
    });
    expect(describeEntry({ action: 'auth.sessions_end', after: { ended: 1 } }).details).toEqual([
      '1 session',
    ]);
  });
});
