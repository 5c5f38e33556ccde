import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  type FieldValues,
  get,
  type Resolver,
  type FieldErrors as ResolverErrors,
  set,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldLabel } from '../../contract/labels';
import { plainIssue, sentence } from '../../contract/messages';
import type { FieldErrors } from '../apiErrors';

// The forms check what they are about to send with the API's own schema (contract/), so a limit
// lives in one place and a refusal reads the same before and after a round-trip: checks without
// a message of their own speak plainly (plainIssue), and a message that only says what is wrong
// follows the field's label, as the API words it ('Nickname must be at most 64 characters').
// The spec's messages are the schemas' own ('Title is required') and stay as they are.

const PLAIN = { error: plainIssue };

const messageAt = (path: string, message: string) =>
  sentence(fieldLabel(path ? path.split('.') : []), message);

/** What `schema` refuses in `body`, by field path ('labels.3'); a path's first message wins. */
export const contractErrors = (schema: z.ZodType, body: unknown): FieldErrors => {
  const result = schema.safeParse(body, PLAIN);
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= messageAt(path, issue.message);
  }
  return errors;
};

type Nested = { message?: unknown; [key: string]: unknown };

/** The resolver's nested errors ({ allowedOffers: [, { message }] }) by dotted path. */
const flatten = (errors: Nested, prefix: string, into: FieldErrors): FieldErrors => {
  if (typeof errors.message === 'string') {
    into[prefix] ??= messageAt(prefix, errors.message);
    return into;
  }
  for (const [key, value] of Object.entries(errors)) {
    if (value && typeof value === 'object' && key !== 'ref') {
      flatten(value as Nested, prefix ? `${prefix}.${key}` : key, into);
    }
  }
  return into;
};

/**
 * A react-hook-form resolver over the contract's schema: the form's values become the request
 * body (`bodyOf`, as the save sends it), zod's resolver checks that, and each message goes on
 * the input that holds its field (`inputOf`: by default the path's first segment, so a bad
 * item of a list lands on the list's input). The values pass on as typed: the save's own
 * transform builds the body again.
 */
export const contractResolver = <V extends FieldValues>(
  schema: z.ZodType,
  bodyOf: (values: V) => unknown,
  inputOf: (path: string) => string = (path) => path.split('.')[0] ?? path,
): Resolver<V> => {
  const check = zodResolver(schema as z.ZodType<FieldValues, FieldValues>, PLAIN, { raw: true });
  return async (values, context, options) => {
    const body = bodyOf(values) as FieldValues;
    const result = await check(body, context, {
      ...options,
      shouldUseNativeValidation: false,
    } as Parameters<typeof check>[2]);
    const found = flatten(result.errors as Nested, '', {});
    // nested as react-hook-form keeps them: 'labels.3' is errors.labels[3]
    const errors: Record<string, unknown> = {};
    for (const [path, message] of Object.entries(found)) {
      const input = inputOf(path);
      if (get(errors, input) === undefined) {
        set(errors, input, { type: 'contract', message } satisfies FieldError);
      }
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as ResolverErrors<V> }
      : { values, errors: {} };
  };
};
