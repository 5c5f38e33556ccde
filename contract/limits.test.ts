import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BotCreate } from './bots';
import { CategoryCreate } from './categories';
import { IntegrationsPatch } from './integrations';
import { TEXT_MAX } from './limits';
import { PushSendBody } from './notifications';
import { OfferCreate } from './offers';
import { PasswordBody, PermissionsBody, UserPatch } from './users';
import { WithdrawalTypeCreate } from './withdrawal-types';

/** The longest string a field's schema takes, through optional, default, list and pipe. */
function maxLengthOf(schema: z.ZodType): number | null {
  if (schema instanceof z.ZodString) return schema.maxLength;
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodNullable
  )
    return maxLengthOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodArray) return maxLengthOf(schema.element as z.ZodType);
  if (schema instanceof z.ZodRecord) return maxLengthOf(schema.valueType as z.ZodType);
  if (schema instanceof z.ZodPipe) return maxLengthOf(schema.in as z.ZodType);
  // text by locale ({en, es}): one limit for every locale
  if (schema instanceof z.ZodObject) {
    const limits = new Set(
      Object.values(schema.shape).map((item) => maxLengthOf(item as z.ZodType)),
    );
    return limits.size === 1 ? ([...limits][0] ?? null) : null;
  }
  return null;
}

const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> => {
  if (schema instanceof z.ZodObject) return schema.shape;
  if (schema instanceof z.ZodPipe) return shapeOf(schema.in as z.ZodType);
  throw new Error('not an object schema');
};

const SCHEMAS: Record<keyof typeof TEXT_MAX, z.ZodType> = {
  user: UserPatch,
  password: PasswordBody,
  permission: PermissionsBody,
  bot: BotCreate,
  category: CategoryCreate,
  offer: OfferCreate,
  withdrawalType: WithdrawalTypeCreate,
  push: PushSendBody,
  onesignal: IntegrationsPatch.shape.onesignal,
  unityAds: IntegrationsPatch.shape.unityAds,
};

describe('TEXT_MAX', () => {
  it("is each field's limit in the schema the API checks it with", () => {
    for (const [form, limits] of Object.entries(TEXT_MAX)) {
      const shape = shapeOf(SCHEMAS[form as keyof typeof TEXT_MAX]);
      for (const [field, max] of Object.entries(limits)) {
        const schema = shape[field];
        expect(schema, `${form}.${field}`).toBeDefined();
        expect(maxLengthOf(schema as z.ZodType), `${form}.${field}`).toBe(max);
      }
    }
  });
});
