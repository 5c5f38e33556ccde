import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../../test/client';
import { sendIfMatch } from '../../test/crud';
import { createTestContext, type TestContext } from '../../test/harness';
import { expectRefused, settingAudits, settingRow } from '../../test/settings';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const URL = '/api/admin/settings/payouts';

describe('/api/admin/settings/payouts', () => {
  it('answers four-eyes off while never saved', async () => {
    const res = await admin.get(URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ secondApprovalFromUsd: null, updatedAt: null });
  });

  it('saves a threshold, turns it off again, and audits each change', async () => {
    const on = await admin.patch(URL, { secondApprovalFromUsd: 250.5 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ ok: true, updatedAt: expect.any(String) });
    expect((await admin.get(URL)).json()).toEqual({
      secondApprovalFromUsd: 250.5,
      updatedAt: on.json().updatedAt,
    });
    expect(await settingRow(t, 'payouts')).toMatchObject({
      value: { secondApprovalFromUsd: 250.5 },
    });

    const off = await sendIfMatch(
      t,
      admin,
      'PATCH',
      URL,
      { secondApprovalFromUsd: null },
      on.json().updatedAt,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await admin.get(URL)).json()).toMatchObject({ secondApprovalFromUsd: null });

    const audits = await settingAudits(t, 'payouts');
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ['settings.payouts', null, { secondApprovalFromUsd: 250.5 }],
      ['settings.payouts', { secondApprovalFromUsd: 250.5 }, { secondApprovalFromUsd: null }],
    ]);
  });

  it('takes the bounds themselves: 0.01 and 1,000,000', async () => {
    for (const value of [0.01, 1_000_000]) {
      const res = await admin.patch(URL, { secondApprovalFromUsd: value });
      expect(res.statusCode, res.body).toBe(200);
      expect((await admin.get(URL)).json()).toMatchObject({ secondApprovalFromUsd: value });
    }
  });

  it('refuses anything but null or 0.01 to 1,000,000 with two decimals, naming the field', async () => {
    const field = 'secondApprovalFromUsd';
    await expectRefused(t, admin, URL, 'payouts', [
      [{ secondApprovalFromUsd: 0 }, field, 'Second approval from (USD) must be at least 0.01'],
      [{ secondApprovalFromUsd: -5 }, field],
      [{ secondApprovalFromUsd: 0.001 }, field],
      [
        { secondApprovalFromUsd: 10.255 },
        field,
        'Second approval from (USD) must have at most 2 decimals',
      ],
      [{ secondApprovalFromUsd: 1_000_000.01 }, field],
      [{ secondApprovalFromUsd: '100' }, field],
      [{ secondApprovalFromUsd: true }, field],
      [{}, field],
      [{ secondApprovalFromUsd: 100, approvers: 3 }, 'approvers', 'Unknown field'],
    ]);
  });

  it('answers 409 for an edit based on an older save', async () => {
    const res = await sendIfMatch(
      t,
      admin,
      'PATCH',
      URL,
      { secondApprovalFromUsd: 5 },
      '2020-01-01T00:00:00.000Z',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'stale' });
    expect((await admin.get(URL)).json()).toMatchObject({ secondApprovalFromUsd: 1_000_000 });
  });
});
