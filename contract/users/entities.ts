import { z } from 'zod';
import { addressFields, type AddressField } from '../shared/address';
import { roles } from '../shared/roles';
import { territories } from '../shared/territory';

export const role = z.enum(roles);
export const territory = z.enum(territories);

/** Spec section 3, Auth user: kept in browser storage. recycleDate is in seconds since the epoch. */
export const authUser = z.object({
  jwt: z.string(),
  id: z.number().int(),
  userName: z.string(),
  recycleDate: z.number().int(),
  roles: z.array(role),
  territory,
  validated: z.boolean(),
  accountId: z.number().int().optional(),
  /**
   * Set while the session is half signed in: 'secondFactor' after the password of a user who holds a
   * second factor (only the second-step calls are open), 'enrol' for a user who must add one first
   * (only enrolment is open). Absent on a full session.
   */
  stage: z.enum(['secondFactor', 'enrol']).optional(),
  /** With stage 'secondFactor': the ways this user can finish signing in. */
  secondFactors: z.array(z.enum(['totp', 'passkey', 'recovery'])).optional(),
});
export type AuthUser = z.infer<typeof authUser>;

/** The address fields of users and groups as stored and returned (lengths from contract/shared/address.ts). */
export const addressShape = Object.fromEntries(
  Object.entries(addressFields).map(([name, max]) => [name, z.string().max(max).nullable().optional()]),
) as Record<AddressField, z.ZodOptional<z.ZodNullable<z.ZodString>>>;
export const address = z.object(addressShape);

/** Spec section 3, User. Timestamps are seconds since the epoch. */
export const user = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  personalName: z.string().nullable(),
  companyName: z.string().nullable(),
  ...addressShape,
  territory,
  isGroup: z.boolean(),
  type: z.string().nullable(),
  subType: z.string().nullable(),
  locked: z.boolean(),
  validated: z.boolean(),
  roles: z.array(role),
  createTimestamp: z.number().int(),
  updateTimestamp: z.number().int(),
  activityTimestamp: z.number().int().nullable(),
  msg: z.string().optional(),
});
export type User = z.infer<typeof user>;
