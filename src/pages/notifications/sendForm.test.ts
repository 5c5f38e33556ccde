import { describe, expect, it } from 'vitest';
import { buildSend, MESSAGES, NEW_SEND, type SendForm, sendErrorsOf, splitIds } from './sendForm';

const filled = (changes: Partial<SendForm> = {}): SendForm => ({
  ...NEW_SEND,
  title: 'Double points',
  message: 'This weekend only',
  ...changes,
});

describe('the send form', () => {
  it('starts with locale en, data {} and target subscribed', () => {
    expect(NEW_SEND).toMatchObject({ locale: 'en', data: '{}', target: 'subscribed' });
  });

  it('sends title and message keyed by the locale, to Subscribed Users by default', () => {
    expect(
      buildSend(filled({ title: '  Double points ', message: ' This weekend only\n' })),
    ).toEqual({
      ok: true,
      body: {
        headings: { en: 'Double points' },
        contents: { en: 'This weekend only' },
        data: {},
        includedSegments: ['Subscribed Users'],
      },
    });
    const spanish = buildSend(filled({ locale: 'es', data: '{"screen":"offers","n":[1,2]}' }));
    expect(spanish).toMatchObject({
      ok: true,
      body: {
        headings: { es: 'Double points' },
        contents: { es: 'This weekend only' },
        data: { screen: 'offers', n: [1, 2] },
      },
    });
  });

  it('sends to the chosen segment, or to the external ids split on commas', () => {
    expect(buildSend(filled({ target: 'segment', segment: 'Inactive Users' }))).toMatchObject({
      body: { includedSegments: ['Inactive Users'] },
    });
    const byIds = buildSend(filled({ target: 'external_ids', externalIds: ' u-1, ,u-2 ,, ' }));
    expect(byIds).toMatchObject({ body: { includeExternalIds: ['u-1', 'u-2'] } });
    expect(byIds.ok && 'includedSegments' in byIds.body).toBe(false);
    expect(splitIds(' a ,b,, c ')).toEqual(['a', 'b', 'c']);
  });

  it('leaves the custom data out when blank', () => {
    const built = buildSend(filled({ data: '   ' }));
    expect(built.ok && 'data' in built.body).toBe(false);
  });

  it('refuses with the specification’s messages', () => {
    expect(
      buildSend(
        filled({
          title: ' ',
          message: '',
          data: '{oops',
          target: 'external_ids',
          externalIds: ' , ',
        }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        title: MESSAGES.titleRequired,
        message: MESSAGES.messageRequired,
        data: MESSAGES.invalidJson,
        externalIds: MESSAGES.noExternalIds,
      },
    });
    expect(MESSAGES).toMatchObject({
      titleRequired: 'Title is required',
      messageRequired: 'Message is required',
      invalidJson: 'Invalid JSON in custom data',
      noExternalIds: 'Provide at least 1 external_id',
    });
    for (const data of ['[1, 2]', '42', 'null', '"text"']) {
      expect(buildSend(filled({ data }))).toEqual({
        ok: false,
        errors: { data: MESSAGES.notAnObject },
      });
    }
    // ids are only needed when sending to external ids
    expect(buildSend(filled({ externalIds: '' })).ok).toBe(true);
  });

  it('refuses past the API’s limits, in the API’s words, before anything is sent', () => {
    expect(
      buildSend(
        filled({
          title: 't'.repeat(201),
          data: JSON.stringify({ blob: 'x'.repeat(2048) }),
          target: 'external_ids',
          externalIds: `u-1, ${'i'.repeat(129)}`,
        }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        title: 'Title (en) must be at most 200 characters',
        data: 'Custom data must be at most 2048 bytes as JSON',
        externalIds: 'External ID 2 must be at most 128 characters',
      },
    });
  });

  it('puts the API’s messages on the inputs they are about', () => {
    expect(
      sendErrorsOf({
        'headings.es': 'Title is required',
        contents: 'Give a title and a message in the same languages',
        data: 'must be at most 2048 bytes as JSON',
        'includeExternalIds.3': 'must not be blank',
        includedSegments: 'Send to segments or to external ids, not both',
        sendAt: 'Unknown field',
      }),
    ).toEqual({
      title: 'Title is required',
      message: 'Give a title and a message in the same languages',
      data: 'must be at most 2048 bytes as JSON',
      externalIds: 'must not be blank',
      target: 'Send to segments or to external ids, not both',
    });
    expect(sendErrorsOf(undefined)).toEqual({});
  });
});
