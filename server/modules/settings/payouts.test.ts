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
    expect(res.json()).toEqual({
      secondApprovalFromUsd: null,
      secondApprovalFromPoints: null,
      updatedAt: null,
    });
  });

  it('saves a threshold, turns it off again, and audits each change', async () => {
    const on = await admin.patch(URL, { secondApprovalFromUsd: 250.5 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ ok: true, updatedAt: expect.any(String) });
    expect((await admin.get(URL)).json()).toEqual({
      secondApprovalFromUsd: 250.5,
      secondApprovalFromPoints: null,
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
      ['settings.payouts', null, { secondApprovalFromUsd: 250.5, secondApprovalFromPoints: null }],
      [
        'settings.payouts',
        { secondApprovalFromUsd: 250.5, secondApprovalFromPoints: null },
        { secondApprovalFromUsd: null, secondApprovalFromPoints: null },
      ],
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
      [{ secondApprovalFromUsd: null, secondApprovalFromPoints: 0 }, 'secondApprovalFromPoints'],
      [{ secondApprovalFromUsd: 100, approvers: 3 }, 'approvers', 'Unknown field'],
    ]);
  });

  it('takes each threshold on its own: what a PATCH leaves out keeps its value', async () => {
    await admin.patch(URL, { secondApprovalFromUsd: 100 });
    const points = await admin.patch(URL, { secondApprovalFromPoints: 50_000 });
    expect(points.statusCode, points.body).toBe(200);
    expect((await admin.get(URL)).json()).toMatchObject({
      secondApprovalFromUsd: 100,
      secondApprovalFromPoints: 50_000,
    });
    for (const value of [1, 1_000_000_000]) {
      const res = await admin.patch(URL, { secondApprovalFromPoints: value });
      expect(res.statusCode, res.body).toBe(200);
    }
    const off = await admin.patch(URL, { secondApprovalFromPoints: null });
    expect(off.statusCode, off.body).toBe(200);
    expect((await admin.get(URL)).json()).toMatchObject({
      secondApprovalFromUsd: 100,
      secondApprovalFromPoints: null,
    });
    await admin.patch(URL, { secondApprovalFromUsd: 1_000_000 });
  });

  it('refuses a points threshold that is not a whole number from 1 to 1,000,000,000', async () => {
    const field = 'secondApprovalFromPoints';
    await expectRefused(t, admin, URL, 'payouts', [
      [{ secondApprovalFromPoints: 0 }, field, 'Second approval from (points) must be at least 1'],
      [
        { secondApprovalFromPoints: 1.5 },
        field,
        'Second approval from (points) must be a whole number',
      ],
      [{ secondApprovalFromPoints: 1_000_000_001 }, field],
      [{ secondApprovalFromPoints: '100' }, field],
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
