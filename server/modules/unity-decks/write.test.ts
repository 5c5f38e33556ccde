import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../../test/client';
import { sendIfMatch } from '../../test/crud';
import { allDeckAudits, cardsOf, deckAudits, deckRow, saved, URL } from '../../test/decks';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

/** A day no other test uses: 2031-01-01, 2031-01-02, … */
let days = 0;
const newDay = () => new Date(Date.UTC(2031, 0, 1 + days++)).toISOString().slice(0, 10);

const put = (dateKey: string, body: object) => admin.call('PUT', `${URL}/${dateKey}`, body);
const copy = (body: object) => admin.post(`${URL}/copy`, body);
const remove = (dateKey: string) => admin.delete(`${URL}/${dateKey}`);
const deckCount = async () =>
  (await t.db.selectFrom('unity_decks').select('date_key').execute()).length;

describe('PUT /api/admin/unity-decks/:dateKey', () => {
  it('creates the day with its cards, in their order, and one audit row', async () => {
    const day = newDay();
    const cards = [
      { index: 3, amount: 12.5 },
      { index: 0, amount: 0 },
      { index: 1, amount: 1_000_000 },
    ];
    const res = await put(day, { cards, resetAt: '2031-06-01T02:00:00+02:00' });
    expect(res.statusCode, res.body).toBe(200);
    const deck = {
      _id: day,
      dateKey: day,
      cards,
      resetAt: '2031-06-01T00:00:00.000Z',
      updatedAt: expect.any(String),
    };
    expect(res.json()).toEqual({ ok: true, deck });

    const row = await deckRow(t, day);
    expect(row).toMatchObject({ date_key: day, cards });
    expect(row?.reset_at?.toISOString()).toBe('2031-06-01T00:00:00.000Z');
    expect((await admin.get(`${URL}/${day}`)).json()).toEqual(res.json().deck);
    const audits = await deckAudits(t, day);
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ['deck.save', null, { cards, resetAt: '2031-06-01T00:00:00.000Z' }],
    ]);
  });

  it('replaces the cards; resetAt absent keeps the day’s, null clears it', async () => {
    const day = newDay();
    const first = await saved(admin, day, { cards: cardsOf(5), resetAt: '2031-02-01T00:00:00Z' });

    const kept = await saved(admin, day, { cards: [{ index: 9, amount: 7 }] });
    expect(kept).toMatchObject({ cards: [{ index: 9, amount: 7 }], resetAt: first.resetAt });
    expect(kept.updatedAt >= first.updatedAt).toBe(true);

    const cleared = await saved(admin, day, { cards: [], resetAt: null });
    expect(cleared).toMatchObject({ cards: [], resetAt: null });
    expect(await deckRow(t, day)).toMatchObject({ cards: [], reset_at: null });

    const audits = await deckAudits(t, day);
    expect(audits.map((a) => a.action)).toEqual(['deck.save', 'deck.save', 'deck.save']);
    expect(audits[1]).toMatchObject({
      before: { cards: cardsOf(5), resetAt: '2031-02-01T00:00:00.000Z' },
      after: { cards: [{ index: 9, amount: 7 }], resetAt: '2031-02-01T00:00:00.000Z' },
    });
  });

  it('a new day saved without resetAt has none', async () => {
    const day = newDay();
    expect(await saved(admin, day, { cards: cardsOf(1) })).toMatchObject({ resetAt: null });
  });

  it('writes nothing and keeps updatedAt when nothing changes', async () => {
    const day = newDay();
    const body = { cards: cardsOf(3), resetAt: '2031-03-01T00:00:00.000Z' };
    const deck = await saved(admin, day, body);
    // the same instant written another way is the same
    const again = await put(day, { ...body, resetAt: '2031-03-01T01:00:00+01:00' });
    expect(again.json()).toEqual({ ok: true, deck });
    expect(await deckAudits(t, day)).toHaveLength(1);
  });

  it('refuses bad cards, resetAt and fields with 400, naming the field, changing nothing', async () => {
    const day = newDay();
    const deck = await saved(admin, day, { cards: cardsOf(2) });
    const count = await deckCount();
    const audits = (await allDeckAudits(t)).length;
    const card = { index: 0, amount: 1 };
    const cases: [object, string, string?][] = [
      [{ cards: [card, { index: 0, amount: 2 }] }, 'cards.1.index', 'Duplicate index 0'],
      [{ cards: [{ index: -1, amount: 1 }] }, 'cards.0.index', 'Index in row 1 must be 0 or more'],
      [
        { cards: [{ index: 1.5, amount: 1 }] },
        'cards.0.index',
        'Index in row 1 must be a whole number',
      ],
      [
        { cards: [{ index: 100_001, amount: 1 }] },
        'cards.0.index',
        'Index in row 1 must be at most 100000',
      ],
      [{ cards: [{ index: '1', amount: 1 }] }, 'cards.0.index', 'Index in row 1 must be a number'],
      [
        { cards: [{ index: 0, amount: -0.01 }] },
        'cards.0.amount',
        'Amount in row 1 must be 0 or more',
      ],
      [
        { cards: [{ index: 0, amount: 1.005 }] },
        'cards.0.amount',
        'Amount in row 1 must have at most 2 decimals',
      ],
      [
        { cards: [{ index: 0, amount: 1_000_001 }] },
        'cards.0.amount',
        'Amount in row 1 must be at most 1000000',
      ],
      [
        { cards: [{ index: 0, amount: null }] },
        'cards.0.amount',
        'Amount in row 1 must be a number',
      ],
      [{ cards: [{ index: 0 }] }, 'cards.0.amount'],
      // the shared error handler names an unknown field by its own name
      [{ cards: [{ ...card, color: 'red' }] }, 'color', 'Unknown field'],
      [{ cards: cardsOf(501) }, 'cards', 'Cards must have at most 500 cards'],
      [{ cards: 'none' }, 'cards', 'Cards must be a list of cards'],
      [{}, 'cards', 'Cards must be a list of cards'],
      [{ cards: [], resetAt: '2031-01-05' }, 'resetAt'],
      [{ cards: [], resetAt: '2031-01-05T10:00:00' }, 'resetAt'],
      [{ cards: [], resetAt: '2031-02-30T00:00:00Z' }, 'resetAt'],
      [{ cards: [], resetAt: '0000-01-01T00:00:00Z' }, 'resetAt'],
      [{ cards: [], resetAt: 0 }, 'resetAt'],
      [{ cards: [], dateKey: day }, 'dateKey', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(day, body);
      const what = JSON.stringify(body).slice(0, 120);
      expect(res.statusCode, what).toBe(400);
      expect(Object.keys(res.json().fields), what).toEqual([field]);
      if (message) expect(res.json().fields[field], what).toBe(message);
    }
    expect((await admin.get(`${URL}/${day}`)).json()).toEqual(deck);
    expect(await deckCount()).toBe(count);
    expect(await allDeckAudits(t)).toHaveLength(audits);
  });

  it('takes 500 cards', async () => {
    const day = newDay();
    expect((await saved(admin, day, { cards: cardsOf(500) })).cards).toHaveLength(500);
  });

  it('answers 400 for a dateKey that is not a real date, creating nothing', async () => {
    const count = await deckCount();
    for (const key of ['2031-02-29', '2031-1-5', 'today']) {
      const res = await put(key, { cards: [] });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().fields, key).toHaveProperty('dateKey');
    }
    expect(await deckCount()).toBe(count);
  });

  it('honours If-Match: a save based on an older version, or a deleted day, answers 409', async () => {
    const day = newDay();
    const deck = await saved(admin, day, { cards: cardsOf(1) });
    const url = `${URL}/${day}`;
    const ok = await sendIfMatch(t, admin, 'PUT', url, { cards: cardsOf(2) }, deck.updatedAt);
    expect(ok.statusCode, ok.body).toBe(200);

    const stale = await sendIfMatch(t, admin, 'PUT', url, { cards: cardsOf(3) }, deck.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale' });
    expect((await deckRow(t, day))?.cards).toEqual(cardsOf(2));

    const latest = ok.json().deck.updatedAt;
    expect((await remove(day)).statusCode).toBe(200);
    const gone = await sendIfMatch(t, admin, 'PUT', url, { cards: cardsOf(3) }, latest);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'stale', error: expect.stringMatching(/deleted/) });
    expect(await deckRow(t, day)).toBeUndefined();
  });

  it('two saves of a new day at once both succeed, one after the other', async () => {
    const day = newDay();
    const [a, b] = await Promise.all([
      put(day, { cards: cardsOf(1) }),
      put(day, { cards: cardsOf(2) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const audits = await deckAudits(t, day);
    expect(audits).toHaveLength(2);
    // the second one saw the first one's deck
    expect(audits[0]?.before).toBeNull();
    expect(audits[1]?.before).toEqual(audits[0]?.after);
    const last = audits[1]?.after as { cards: unknown } | undefined;
    expect((await deckRow(t, day))?.cards).toEqual(last?.cards);
  });
});

describe('POST /api/admin/unity-decks/copy', () => {
  it('copies the source day’s cards into a new day, keeping the source', async () => {
    const [from, to] = [newDay(), newDay()];
    const source = await saved(admin, from, { cards: cardsOf(3), resetAt: '2031-05-01T00:00:00Z' });
    const res = await copy({ fromDateKey: from, toDateKey: to, resetAt: '2031-05-02T06:30:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      deck: {
        _id: to,
        dateKey: to,
        cards: cardsOf(3),
        resetAt: '2031-05-02T06:30:00.000Z',
        updatedAt: expect.any(String),
      },
    });
    expect(await deckRow(t, to)).toMatchObject({ cards: cardsOf(3) });
    expect((await admin.get(`${URL}/${from}`)).json()).toEqual(source);
    const audits = await deckAudits(t, to);
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'deck.copy',
        null,
        { fromDateKey: from, cards: cardsOf(3), resetAt: '2031-05-02T06:30:00.000Z' },
      ],
    ]);
  });

  it('replaces the target’s cards; resetAt absent keeps the target’s, null clears it', async () => {
    const [from, to] = [newDay(), newDay()];
    await saved(admin, from, { cards: cardsOf(2), resetAt: '2031-07-01T00:00:00Z' });
    await saved(admin, to, { cards: cardsOf(6), resetAt: '2031-08-01T00:00:00Z' });

    const kept = await copy({ fromDateKey: from, toDateKey: to });
    expect(kept.json().deck).toMatchObject({
      cards: cardsOf(2),
      resetAt: '2031-08-01T00:00:00.000Z',
    });
    expect(await deckAudits(t, to)).toHaveLength(2);
    expect((await deckAudits(t, to))[1]?.before).toEqual({
      cards: cardsOf(6),
      resetAt: '2031-08-01T00:00:00.000Z',
    });

    const cleared = await copy({ fromDateKey: from, toDateKey: to, resetAt: null });
    expect(cleared.json().deck).toMatchObject({ cards: cardsOf(2), resetAt: null });
    expect((await deckRow(t, to))?.reset_at).toBeNull();
  });

  it('answers 404 when the source day has no deck, changing nothing', async () => {
    const [from, to] = [newDay(), newDay()];
    const target = await saved(admin, to, { cards: cardsOf(2) });
    const res = await copy({ fromDateKey: from, toDateKey: to });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: `No deck for ${from}`, code: 'not_found' });
    expect((await admin.get(`${URL}/${to}`)).json()).toEqual(target);
    expect(await deckAudits(t, to)).toHaveLength(1);
  });

  it('refuses the same day twice, unreal days and unknown fields with 400', async () => {
    const day = newDay();
    await saved(admin, day, { cards: cardsOf(1) });
    const audits = (await allDeckAudits(t)).length;
    const cases: [object, string, string?][] = [
      [
        { fromDateKey: day, toDateKey: day },
        'toDateKey',
        'Day must be another day than the source date',
      ],
      [
        { fromDateKey: '2031-02-30', toDateKey: day },
        'fromDateKey',
        'Source date must be a real date',
      ],
      [{ fromDateKey: day, toDateKey: '2031-1-9' }, 'toDateKey'],
      [{ fromDateKey: day }, 'toDateKey'],
      [{ fromDateKey: day, toDateKey: newDay(), resetAt: 'soon' }, 'resetAt'],
      [{ fromDateKey: day, toDateKey: newDay(), cards: [] }, 'cards', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await copy(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(body)).toEqual([field]);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    expect(await allDeckAudits(t)).toHaveLength(audits);
  });
});

describe('DELETE /api/admin/unity-decks/:dateKey', () => {
  it('deletes the day, with an audit row of what it held', async () => {
    const day = newDay();
    await saved(admin, day, { cards: cardsOf(2), resetAt: '2031-09-01T00:00:00Z' });
    const res = await remove(day);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await deckRow(t, day)).toBeUndefined();
    expect((await admin.get(`${URL}/${day}`)).body).toBe('null');
    const [, deleted] = await deckAudits(t, day);
    expect(deleted).toMatchObject({
      action: 'deck.delete',
      before: { cards: cardsOf(2), resetAt: '2031-09-01T00:00:00.000Z' },
      after: null,
    });
  });

  it('answers 404 for a day without a deck and 400 for an unreal one', async () => {
    const day = newDay();
    const absent = await remove(day);
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ error: `No deck for ${day}`, code: 'not_found' });
    expect((await remove('2031-04-31')).statusCode).toBe(400);
    expect(await deckAudits(t, day)).toHaveLength(0);
  });
});
