import { z } from 'zod';

import { addressFields, type AddressField } from './shared/address';
// Field shapes the modules' calls share.

/** A row id in a query string or path. */
export const id = z.coerce.number().int().positive();
/** Query-string booleans as the SPA's qs serialisation sends them: true/false, 1/0, yes/no. */
export const flag = z.stringbool().default(false);
/**
 * The mark on a data-quality answer to a test call (contract/shared/testCalls.ts): true, and absent
 * from the answer to a live call.
 */
export const testMark = z.literal(true).optional();
/** An optional text that may be cleared with null. */
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The address fields of a user or group in an update: each may be set, cleared with null, or left out. */
export const addressInput = Object.fromEntries(
  Object.entries(addressFields).map(([name, max]) => [name, optionalText(max)]),
) as Record<AddressField, ReturnType<typeof optionalText>>;
