import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../test/client';
import { bearer, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('addresses the router refuses', () => {
  it('answer in the API error shape, without echoing the address', async () => {
    const cases = [
      { url: '/api/admin/bots/%E0%A4%A', status: 400, code: 'bad_url' },
      { url: '/api/health/%zz', status: 400, code: 'bad_url' },
      { url: `/api/admin/bots/${'b'.repeat(150)}`, status: 414, code: 'too_long' },
    ];
    for (const { url, status, code } of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer('whatever') });
      expect(res.statusCode, url).toBe(status);
      expect(Object.keys(res.json()).sort(), url).toEqual(['code', 'error']);
      expect(res.json().code, url).toBe(code);
      expect(res.body).not.toContain(url.slice(5));
    }
  });
});

describe('refused input', () => {
  const DEVELOPER_WORDING = /Invalid body|Invalid query|expected|Too big|Too small/;

  const refused = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: object) => {
    const admin = await signedIn(t);
    const res = await admin.call(method, url, body);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json() as { error: string; code: string; fields: Record<string, string> };
    expect(answer.code).toBe('invalid_input');
    expect(res.body).not.toMatch(DEVELOPER_WORDING);
    return answer;
  };

  it('says what is wrong in a sentence naming the field, on the answer and on each field', async () => {
    const user = await t.user();
    const url = `/api/admin/users/${user.user_id}`;
    expect(await refused('PATCH', url, { username: '' })).toEqual({
      error: 'Username is required',
      code: 'invalid_input',
      fields: { username: 'Username is required' },
    });
    expect(await refused('PATCH', url, { username: 'u'.repeat(300) })).toEqual({
      error: 'Username must be at most 64 characters',
      code: 'invalid_input',
      fields: { username: 'Username must be at most 64 characters' },
    });
    expect((await refused('PATCH', url, { balance: -1, xp: 'lots' })).fields).toEqual({
      balance: 'Balance must be 0 or more',
      xp: 'XP must be a number',
    });
    expect((await refused('PATCH', url, { status: 'gone' })).error).toBe(
      'Status must be pending, active or disabled',
    );
    expect((await refused('GET', `/api/admin/users?q=${'q'.repeat(201)}`)).error).toBe(
      'Search must be at most 200 characters',
    );
  });

  it('names several bad fields each, the first one in the error', async () => {
    const answer = await refused('POST', '/api/admin/withdrawal-types', { key: '', title: '' });
    expect(answer.error).toBe('Key is required');
    expect(answer.fields).toMatchObject({ key: 'Key is required', title: 'Title is required' });
  });

  it('names a nested field by its label and its place in a list', async () => {
    const cards = [0, 1, 2, 3].map((index) => ({ index, amount: index === 3 ? -1 : 1 }));
    expect((await refused('PUT', '/api/admin/unity-decks/2031-03-04', { cards })).fields).toEqual({
      'cards.3.amount': 'Amount in row 4 must be 0 or more',
    });
    const values = [1, 2, 3, 4, 5, 6, -7];
    const labels = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    const rewards = await refused('PATCH', '/api/admin/daily-rewards', {
      values,
      labels,
      isActive: true,
    });
    expect(rewards.error).toBe('Value 7 must be 0 or more');
    const push = await refused('POST', '/api/admin/notifications/send', {
      headings: { en: 'Hi' },
      contents: { en: 'm'.repeat(2001) },
      includedSegments: ['Subscribed Users'],
    });
    expect(push.fields).toEqual({ 'contents.en': 'Message (en) must be at most 2000 characters' });
  });

  it('answers a body that is not an object in plain words', async () => {
    const admin = await signedIn(t);
    const res = await admin.call('POST', '/api/admin/withdrawal-types', [1, 2]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The request body must be a group of values');
  });
});
