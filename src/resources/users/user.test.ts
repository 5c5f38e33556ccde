import { describe, expect, it } from 'vitest';
import { roleLabel, toNumber, toUserPatch, userEditPath, userPath } from './user';

describe('users helpers', () => {
  it('converts form values to numbers, anything invalid or empty to 0', () => {
    expect(toNumber(12)).toBe(12);
    expect(toNumber('42')).toBe(42);
    expect(toNumber('')).toBe(0);
    expect(toNumber(null)).toBe(0);
    expect(toNumber(undefined)).toBe(0);
    expect(toNumber('abc')).toBe(0);
    expect(toNumber(Number.NaN)).toBe(0);
    expect(toNumber(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('builds the PATCH body from the editable fields only', () => {
    const values = {
      id: 'USR-1',
      _id: 'x',
      userId: 'USR-1',
      username: 'ann',
      email: 'ann@example.com',
      balance: '15',
      xp: null,
      status: 'disabled',
      referredBy: '  ',
      referralCode: 'ANN1',
      adminRole: { enabled: true, roles: ['admin'], permissions: [] },
      stats: { matchesCount: 1, wins: 1, losses: 0, draws: 0 },
      createdAt: '2026-01-01T00:00:00Z',
    };
    expect(toUserPatch(values as never)).toEqual({
      username: 'ann',
      email: 'ann@example.com',
      balance: 15,
      xp: 0,
      status: 'disabled',
      referredBy: '',
    });
    expect(toUserPatch({ referredBy: null, status: 'nope' } as never)).toEqual({
      username: '',
      email: '',
      balance: 0,
      xp: 0,
      referredBy: '',
    });
    expect(toUserPatch({ referredBy: ' USR-2 ' } as never).referredBy).toBe('USR-2');
  });

  it("labels the role 'admin (n)' or 'user'", () => {
    expect(roleLabel({ enabled: true, roles: ['admin'], permissions: ['a', 'b'] })).toBe(
      'admin (2)',
    );
    expect(roleLabel({ enabled: false, roles: [], permissions: ['a'] })).toBe('user');
    expect(roleLabel(undefined)).toBe('user');
  });

  it('builds the spec routes, escaping the id', () => {
    expect(userPath('USR-1')).toBe('/users/USR-1');
    expect(userEditPath('a/b')).toBe('/users/a%2Fb/edit');
  });
});
