import fc from 'fast-check';
import { z } from 'zod';

// fast-check arbitraries drawn from the contract's zod schemas (through their JSON Schema):
// values that mostly pass the schema, each now and then swapped for one a hostile client sends.

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

/** What a hostile client sends in place of any one value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    '',
    '   ',
    'a\u0000b',
    '\ud800',
    '__proto__',
    'x'.repeat(5000),
    -1,
    -0,
    0.5,
    1e-7,
    1e308,
    -1e308,
    2 ** 53 + 2,
    true,
    [],
    {},
  ),
  fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' }),
);

/** Per field name, values worth sending besides what the schema allows (ids that exist). */
export type Overrides = Record<string, fc.Arbitrary<unknown>>;

const SHORT = 24;
const MANY = 4;

function valid(schema: JsonSchema, overrides: Overrides): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valid(s, overrides)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object':
      return objectOf(schema, overrides);
    case 'array':
      return fc.array(mostlyValid(schema.items ?? {}, overrides), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MANY, MANY)),
      });
    case 'string': {
      const lengths = { minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? SHORT };
      const text = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern))
        : fc.string({
            minLength: lengths.minLength,
            maxLength: Math.max(lengths.minLength, Math.min(lengths.maxLength, SHORT)),
            unit: 'grapheme',
          });
      return text.filter((s) => s.length >= lengths.minLength && s.length <= lengths.maxLength);
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number': {
      const [min, max] = [schema.minimum ?? -1000, schema.maximum ?? 1000];
      // Whole and two-place numbers pass the decimals rules; doubles mostly do not.
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function mostlyValid(schema: JsonSchema, overrides: Overrides): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: valid(schema, overrides), weight: 12 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

function objectOf(schema: JsonSchema, overrides: Overrides): fc.Arbitrary<object> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const own = mostlyValid(property, overrides);
      const extra = overrides[name];
      return [name, extra ? fc.oneof({ arbitrary: extra, weight: 3 }, own) : own];
    }),
  );
  const record = fc.record(fields, { requiredKeys: schema.required ?? [] });
  // Now and then a field no schema knows.
  return fc.oneof(
    { arbitrary: record, weight: 12 },
    { arbitrary: fc.tuple(record, hostileValue).map(([r, v]) => ({ ...r, extra: v })), weight: 1 },
  );
}

const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** JSON bodies shaped by `schema`. */
export function bodyOf(schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<unknown> {
  return mostlyValid(jsonSchemaOf(schema), overrides);
}

/** Query strings shaped by `schema`: its parameters as text, a value now and then repeated. */
export function queryOf(schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<string> {
  const texts = fc.oneof(
    { arbitrary: valid(jsonSchemaOf(schema), overrides), weight: 6 },
    { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileValue), weight: 1 },
  );
  return texts.map((params) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params as object)) {
      for (const one of Array.isArray(value) ? value : [value]) {
        search.append(name, typeof one === 'string' ? one : (JSON.stringify(one) ?? ''));
      }
    }
    return search.toString();
  });
}
