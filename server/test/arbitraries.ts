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

/** JSON text spliced into a body as it is: a number JSON.stringify cannot write. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** `value` with `key` as its own property, even `__proto__` (an assignment would not make one). */
export function withKey(value: object, key: string, field: unknown): object {
  return Object.defineProperty({ ...value }, key, {
    value: field,
    enumerable: true,
    configurable: true,
    writable: true,
  });
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Each kind of value a hostile client sends in place of one value, at least one of each. */
export const HOSTILE_VALUES: readonly unknown[] = [
  // Wrong types.
  null,
  true,
  [],
  {},
  // Blank, NUL and broken text, and text far over any limit.
  '',
  '   ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x'.repeat(100_001),
  // Prototype keys, as values and as keys.
  ...PROTO_KEYS,
  withKey({}, '__proto__', { admin: true }),
  withKey({}, 'constructor', { prototype: { admin: true } }),
  // Numbers no amount may be, as text (what a query carries) and as JSON.
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1e-400'),
  new RawJson('123456789012345678901234567890'),
  // Negative, fractional and huge amounts.
  -1,
  -0,
  -0.01,
  -1e9,
  0.5,
  1e-7,
  1e308,
  -1e308,
  2 ** 53 + 2,
];

/** What a hostile client sends in place of any one value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' }),
);

/** What a hostile client puts in a path parameter. */
export const HOSTILE_PARAMS: readonly string[] = [
  ...PROTO_KEYS,
  'NaN',
  'Infinity',
  '1e309',
  '-1',
  '-0.01',
  'a\u0000b',
  'x'.repeat(100_001),
];

const RAW_MARK = `raw-json-${Math.random().toString(36).slice(2)}:`;

/** The body as JSON text, with each RawJson spliced in as written ('' for no body). */
export function jsonText(value: unknown): string {
  const text: string | undefined = JSON.stringify(value, (_key, field) =>
    field instanceof RawJson ? `${RAW_MARK}${field.text}` : field,
  );
  return (text ?? '').replace(new RegExp(`"${RAW_MARK}([^"]*)"`, 'g'), '$1');
}

/** One value as query text. */
const paramText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value instanceof RawJson
      ? value.text
      : (JSON.stringify(value) ?? '');

/** Per field name, values worth sending besides what the schema allows (ids that exist). */
export type Overrides = Record<string, fc.Arbitrary<unknown>>;

const SHORT = 24;
const MANY = 4;

interface Mix {
  overrides: Overrides;
  /** Whether values are now and then swapped for hostile ones. */
  hostile: boolean;
}

function valid(schema: JsonSchema, mix: Mix): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valid(s, mix)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object':
      return objectOf(schema, mix);
    case 'array':
      return fc.array(mostlyValid(schema.items ?? {}, mix), {
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

function mostlyValid(schema: JsonSchema, mix: Mix): fc.Arbitrary<unknown> {
  if (!mix.hostile) return valid(schema, mix);
  return fc.oneof(
    { arbitrary: valid(schema, mix), weight: 12 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

function objectOf(schema: JsonSchema, mix: Mix): fc.Arbitrary<object> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const own = mostlyValid(property, mix);
      const extra = mix.overrides[name];
      return [name, extra ? fc.oneof({ arbitrary: extra, weight: 3 }, own) : own];
    }),
  );
  const record = fc.record(fields, { requiredKeys: schema.required ?? [] });
  if (!mix.hostile) return record;
  // Now and then a field no schema knows, the prototype's keys among them.
  const unknown = fc
    .tuple(record, fc.constantFrom('extra', ...PROTO_KEYS), hostileValue)
    .map(([r, key, value]) => withKey(r, key, value));
  return fc.oneof({ arbitrary: record, weight: 12 }, { arbitrary: unknown, weight: 1 });
}

const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** JSON bodies shaped by `schema` (send them as `jsonText`). */
export function bodyOf(schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<unknown> {
  return mostlyValid(jsonSchemaOf(schema), { overrides, hostile: true });
}

/** Parameters as query text, a value now and then repeated. */
function searchOf(params: object): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, paramText(one));
  }
  return search.toString();
}

const strayParams = fc.dictionary(
  fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTO_KEYS)),
  hostileValue,
);

/** Query strings of parameters no schema names, with hostile values (often none at all). */
export const strayQuery: fc.Arbitrary<string> = strayParams.map(searchOf);

/** Query strings shaped by `schema`: its parameters as text, a value now and then repeated. */
export function queryOf(schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<string> {
  const texts = fc.oneof(
    { arbitrary: valid(jsonSchemaOf(schema), { overrides, hostile: true }), weight: 6 },
    { arbitrary: strayParams, weight: 1 },
  );
  return texts.map((params) => searchOf(params as object));
}

/** A valid value of `schema`, the same each time. */
function sampleOf(schema: JsonSchema, overrides: Overrides): unknown {
  const [value] = fc.sample(valid(schema, { overrides, hostile: false }), { numRuns: 1, seed: 1 });
  return value;
}

/**
 * One body per hostile value, each a valid body with that value in one field (field after field
 * in turn), or in place of the whole body if it has no fields, then one per unknown key: every
 * kind reaches every route.
 */
export function hostileBodies(schema: z.ZodType, overrides: Overrides = {}): unknown[] {
  const json = jsonSchemaOf(schema);
  const object = json.anyOf?.find((s) => s.type === 'object') ?? json;
  const names = Object.keys(object.properties ?? {});
  const sample = sampleOf(object, overrides);
  const base = typeof sample === 'object' && sample !== null ? sample : {};
  const inFields = HOSTILE_VALUES.map((value, i) => {
    const name = names[i % Math.max(names.length, 1)];
    return name ? withKey(base, name, value) : value;
  });
  // And a field the schema does not know, the prototype's keys among them.
  const unknown = ['extra', ...PROTO_KEYS].map((key) =>
    withKey(base, key, { prototype: { admin: true } }),
  );
  return [...inFields, ...unknown];
}

/**
 * Objects and arrays in turn, `depth` deep, the outermost an object (or an array): a recursive
 * schema would follow it off the stack.
 */
export function nested(depth: number, outer: 'object' | 'array' = 'object'): unknown {
  let value: unknown = 1;
  for (let level = depth; level > 0; level--) {
    value = (level % 2 === 1) === (outer === 'object') ? { a: value } : [value];
  }
  return value;
}

/** Deeper than the 1,500 levels that overflowed a schema's parse, yet only 10 KB. */
const DEEP = [nested(2000, 'object'), nested(2000, 'array')];

/**
 * Valid bodies with every field nested deeply (an object outermost, then an array), and the
 * whole body nested: a few requests that reach every field's schema.
 */
export function deepBodies(schema: z.ZodType, overrides: Overrides = {}): unknown[] {
  const json = jsonSchemaOf(schema);
  const object = json.anyOf?.find((s) => s.type === 'object') ?? json;
  const names = Object.keys(object.properties ?? {});
  const sample = sampleOf(object, overrides);
  const base = typeof sample === 'object' && sample !== null ? sample : {};
  return [
    ...DEEP.map((deep) => names.reduce((body, name) => withKey(body, name, deep), base)),
    ...DEEP,
  ];
}

/** One query per hostile value, as `hostileBodies` makes bodies. */
export function hostileQueries(schema: z.ZodType, overrides: Overrides = {}): string[] {
  return hostileBodies(schema, overrides).map((params) =>
    typeof params === 'object' && params ? searchOf(params) : `q=${paramText(params)}`,
  );
}
