import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel } from './labels';
import { plainIssue, sentence } from './messages';

/** What each field of a refused value says, as the API answers it. */
const refusals = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { error: plainIssue });
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      sentence(fieldLabel(issue.path as (string | number)[]), issue.message),
    ]),
  );
};

describe('plain messages', () => {
  it("name the field by the console's label, also inside lists and groups", () => {
    expect(fieldLabel(['username'])).toBe('Username');
    expect(fieldLabel(['rateUsdPerPoint'])).toBe('Rate (USD/pt)');
    expect(fieldLabel(['cards', 3, 'amount'])).toBe('Amount in row 4');
    expect(fieldLabel(['values', '6'])).toBe('Value 7');
    expect(fieldLabel(['includeExternalIds', 0])).toBe('External ID 1');
    expect(fieldLabel(['headings', 'en'])).toBe('Title (en)');
    expect(fieldLabel(['onesignal', 'appId'])).toBe('App ID');
  });

  it("say what is wrong without the schema library's terms", () => {
    const schema = z.strictObject({
      username: z.string().trim().min(1).max(64),
      balance: z.number().int().min(0),
      status: z.enum(['pending', 'active', 'disabled']),
      tags: z.array(z.string()).min(1),
      email: z.email(),
    });
    const said = refusals(schema, {
      username: 'u'.repeat(65),
      balance: 1.5,
      status: 'gone',
      tags: [],
    });
    expect(said).toEqual({
      username: 'Username must be at most 64 characters',
      balance: 'Balance must be a whole number',
      status: 'Status must be pending, active or disabled',
      tags: 'Tags must have at least 1 item',
      email: 'Email is required',
    });
    expect(refusals(schema.shape.username, '  ')).toEqual({ '': 'This value is required' });
    for (const text of Object.values(said)) expect(text).not.toMatch(/expected|Too big|Too small/);
  });

  it('keep a message that is a sentence already', () => {
    expect(sentence('Nickname', 'Nickname is required')).toBe('Nickname is required');
    expect(sentence('Price', 'must be 0 or more')).toBe('Price must be 0 or more');
  });
});
