import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  codeOf,
  errorMessage,
  errorTextOf,
  fieldErrorsOf,
  serverErrorText,
  statusOf,
} from './apiErrors';

describe('apiErrors', () => {
  it("reads the server's message, else the fallback", () => {
    expect(errorMessage(new HttpError('Nickname already exists', 409), 'Error saving bot')).toBe(
      'Nickname already exists',
    );
    expect(errorMessage(new Error(''), 'Error saving bot')).toBe('Error saving bot');
    expect(errorMessage('boom', 'Error saving bot')).toBe('Error saving bot');
  });

  it("reads the API's own error text only when it answered one", () => {
    expect(serverErrorText(new HttpError('x', 409, { error: 'Version changed' }))).toBe(
      'Version changed',
    );
    // http.ts puts a network failure's reason in the message, never in a body
    expect(serverErrorText(new HttpError('Cannot reach the server', 0, null))).toBeUndefined();
    expect(serverErrorText(new HttpError('x', 400, { error: '' }))).toBeUndefined();
    expect(serverErrorText(new Error('boom'))).toBeUndefined();
    expect(errorTextOf({ ok: false, error: 'Type is locked' })).toBe('Type is locked');
    expect(errorTextOf({ ok: false })).toBeUndefined();
    expect(errorTextOf(null)).toBeUndefined();
  });

  it('reads the status of an HTTP failure only', () => {
    expect(statusOf(new HttpError('Not found', 404))).toBe(404);
    expect(statusOf(new Error('x'))).toBeUndefined();
    expect(statusOf(null)).toBeUndefined();
  });

  it("reads the API's code of an HTTP failure only", () => {
    const stale = new HttpError('Changed meanwhile', 409, {
      error: 'Changed meanwhile',
      code: 'stale',
    });
    expect(codeOf(stale)).toBe('stale');
    expect(codeOf(new HttpError('Cannot reach the server', 0, null))).toBeUndefined();
    expect(codeOf(new HttpError('x', 500, { code: 42 }))).toBeUndefined();
    expect(codeOf(new Error('x'))).toBeUndefined();
    expect(codeOf(undefined)).toBeUndefined();
  });

  it('keeps the string field messages', () => {
    expect(fieldErrorsOf({ body: { fields: { email: 'Email already in use', n: 3 } } })).toEqual({
      email: 'Email already in use',
    });
    expect(fieldErrorsOf({ body: { error: 'x' } })).toBeUndefined();
    expect(fieldErrorsOf(null)).toBeUndefined();
  });
});
