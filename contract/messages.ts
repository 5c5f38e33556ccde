import type { $ZodRawIssue } from 'zod/v4/core';

/** A list of choices as a person says it: 'a, b or c'. */
const either = (values: readonly unknown[]) => {
  const words = values.map(String);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0];
};

const UNITS: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};

const counted = (count: number | bigint, [one, many]: [string, string]) =>
  `${count} ${Number(count) === 1 ? one : many}`;

const TYPES: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  nan: 'must be a number',
  int: 'must be a whole number',
  bigint: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be a group of values',
  record: 'must be a group of values',
  date: 'must be a date',
};

const FORMATS: Record<string, string> = {
  email: 'must be an email address',
  url: 'must be a web address',
  datetime: 'must be a date and time',
  date: 'must be a date',
  time: 'must be a time',
  uuid: 'must be an ID',
  guid: 'must be an ID',
};

/**
 * What is wrong with a value, in words an admin reads after the field's name ('must be at most
 * 64 characters', 'is required'). For every check whose schema gives no message of its own:
 * zod's defaults ('Too big: expected string to have <=64 characters') are for developers.
 */
export function plainIssue(issue: $ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return TYPES[issue.expected] ?? 'is not valid';
    case 'invalid_value':
      return `must be ${either(issue.values)}`;
    case 'too_big': {
      const unit = UNITS[issue.origin];
      if (unit) {
        const size = counted(issue.maximum, unit);
        if (issue.exact)
          return issue.origin === 'string'
            ? `must be exactly ${size}`
            : `must have exactly ${size}`;
        return issue.origin === 'string' ? `must be at most ${size}` : `must have at most ${size}`;
      }
      return issue.inclusive
        ? `must be at most ${issue.maximum}`
        : `must be less than ${issue.maximum}`;
    }
    case 'too_small': {
      const unit = UNITS[issue.origin];
      if (unit) {
        const size = counted(issue.minimum, unit);
        if (issue.exact)
          return issue.origin === 'string'
            ? `must be exactly ${size}`
            : `must have exactly ${size}`;
        if (issue.origin === 'string')
          return Number(issue.minimum) === 1 ? 'is required' : `must be at least ${size}`;
        return `must have at least ${size}`;
      }
      if (!issue.inclusive) return `must be more than ${issue.minimum}`;
      return Number(issue.minimum) === 0
        ? 'must be 0 or more'
        : `must be at least ${issue.minimum}`;
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'is not in the right form';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return 'Unknown field';
    default:
      return 'is not valid';
  }
}

/**
 * A message as a sentence naming its field: a message that only says what is wrong ('must be 0
 * or more') follows the field's label ('Price must be 0 or more'); one that is a sentence
 * already ('Nickname is required', 'Select a category first') stays as it is.
 */
export const sentence = (label: string, message: string) =>
  /^[a-z]/.test(message) ? `${label} ${message}` : message;
