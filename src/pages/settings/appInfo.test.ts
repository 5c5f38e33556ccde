import { describe, expect, it } from 'vitest';
import { APP_INFO_MAX, DEFAULT_APP_INFO } from '../../../contract/settings';
import { APP_INFO_FIELDS, appInfoBodyOf, appInfoFormOf, validateAppInfo } from './appInfo';

const filled = {
  title: 'Rewards Arena',
  version: '2.4.0',
  email: 'support@example.com',
  description: 'Play and win.',
};

describe('app info form', () => {
  it('limits each field as the API does, and accepts the API defaults', () => {
    expect(Object.fromEntries(APP_INFO_FIELDS.map(({ name, max }) => [name, max]))).toEqual(
      APP_INFO_MAX,
    );
    expect(validateAppInfo(appInfoFormOf(DEFAULT_APP_INFO))).toEqual({});
  });

  it('shows the loaded text; anything else as empty', () => {
    expect(appInfoFormOf(filled)).toEqual(filled);
    expect(appInfoFormOf({ title: 7, email: null })).toEqual({
      title: '',
      version: '',
      email: '',
      description: '',
    });
  });

  it('requires every field once trimmed, naming each one missing', () => {
    expect(validateAppInfo(filled)).toEqual({});
    expect(validateAppInfo({ title: ' ', version: '', email: '\t', description: ' \n ' })).toEqual({
      title: 'Title is required',
      version: 'Version is required',
      email: 'Support email is required',
      description: 'Description is required',
    });
  });

  it('refuses more text than the API takes, naming the field', () => {
    expect(validateAppInfo({ ...filled, title: 't'.repeat(APP_INFO_MAX.title + 1) })).toEqual({
      title: `Title must be at most ${APP_INFO_MAX.title} characters`,
    });
  });

  it('wants an email address for support', () => {
    for (const email of ['support', 'support@', '@example.com', 'a b@example.com', 'x@localhost']) {
      expect(validateAppInfo({ ...filled, email }), email).toEqual({
        email: 'Enter a valid email address',
      });
    }
    expect(validateAppInfo({ ...filled, email: '  help@rewards.example ' })).toEqual({});
  });

  it('sends every value trimmed', () => {
    expect(
      appInfoBodyOf({
        title: ' Rewards ',
        version: '1.0.1 ',
        email: ' a@b.co',
        description: '\nHello\n',
      }),
    ).toEqual({ title: 'Rewards', version: '1.0.1', email: 'a@b.co', description: 'Hello' });
  });
});
