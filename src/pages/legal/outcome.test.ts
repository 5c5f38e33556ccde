import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { LegalDocument } from '../../../contract/legal';
import { held } from '../../dataProvider';
import { NETWORK_ERROR_MESSAGE } from '../../http';
import { MESSAGES, outcomeOf } from './outcome';

const doc = { _id: '7', version: 3, contentText: 'Terms', contentHtml: '' } as LegalDocument;

/** A call whose answer the data provider checks as the endpoint table says: the doc in `doc`. */
const answered = (answer: unknown) => async () =>
  held(answer, 'doc', 'PATCH admin/legal/7') as LegalDocument;

describe('outcomeOf', () => {
  it('says the success message of each action when the answer is ok', async () => {
    const answers = await Promise.all(
      (['createDraft', 'saveDraft', 'publish', 'activate'] as const).map((action) =>
        outcomeOf(action, answered({ ok: true, doc })),
      ),
    );
    expect(answers).toEqual([
      { ok: true, doc, message: 'Draft created: v3' },
      { ok: true, doc, message: 'Draft saved: v3' },
      { ok: true, doc, message: 'Published' },
      { ok: true, doc, message: 'Activated this version' },
    ]);
  });

  it('warns when a draft is saved empty', async () => {
    const empty = { ...doc, contentText: ' ', contentHtml: '<p></p>' };
    expect(await outcomeOf('saveDraft', answered({ ok: true, doc: empty }))).toEqual({
      ok: true,
      doc: empty,
      empty: true,
      message:
        'Draft saved: v3. It is empty: both areas are empty, so players would get an empty document if it went live.',
    });
  });

  it("says 'Could not …' when the answer lacks ok or the doc, or the answer's error field", async () => {
    expect(await outcomeOf('createDraft', answered({}))).toEqual({
      ok: false,
      message: 'Could not create draft',
    });
    expect((await outcomeOf('saveDraft', answered(undefined))).message).toBe(
      'Could not save draft',
    );
    expect((await outcomeOf('publish', answered({ ok: false }))).message).toBe('Could not publish');
    expect((await outcomeOf('activate', answered({ ok: true }))).message).toBe(
      'Could not activate',
    );
    expect(
      (await outcomeOf('activate', answered({ ok: false, error: 'Locked by policy' }))).message,
    ).toBe('Locked by policy');
  });

  it("says the server's error field when the call throws with one, with its field messages", async () => {
    const refused = new HttpError('Invalid body: contentHtml', 400, {
      error: 'Invalid body: contentHtml',
      code: 'invalid_input',
      fields: { contentHtml: 'must be at most 200000 characters' },
    });
    expect(
      await outcomeOf('saveDraft', async () => {
        throw refused;
      }),
    ).toEqual({
      ok: false,
      message: 'Invalid body: contentHtml',
      fields: { contentHtml: 'must be at most 200000 characters' },
    });
  });

  it("says 'Error …' when the call throws without an error field", async () => {
    const failures = [
      new HttpError(NETWORK_ERROR_MESSAGE, 0, null),
      new HttpError('Request failed: 502 Bad Gateway', 502, '<html>bad gateway</html>'),
      new TypeError('boom'),
    ];
    for (const [action, failure] of [
      ['createDraft', failures[0]],
      ['saveDraft', failures[1]],
      ['publish', failures[2]],
      ['activate', failures[1]],
    ] as const) {
      const outcome = await outcomeOf(action, async () => {
        throw failure;
      });
      expect(outcome).toEqual({ ok: false, message: MESSAGES[action].error });
    }
    expect(MESSAGES.activate.error).toBe('Error activating version');
  });
});
