import { z } from 'zod';
import { addressInput, optionalText } from '../fields';
import type { CallShape } from '../endpoint';
import { authUser, territory, user } from './entities';

// Request and response shapes of the user-server calls of spec section 7 (served under /api/users).
// The server validates with these before any handler runs; the SPA types its calls with them.

const int = z.coerce.number().int();
// Down to 10 s so a short session (tests, demos) shows renewal; up to the one-year API token lifetime.
const seconds = z.coerce.number().int().min(10).max(31_536_000);

export const email = z.string().trim().toLowerCase().max(254).email('Enter a valid email address');
export const password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');
export const validationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is the 6 digits from the email');

/** GET /auth: basic credentials in the Authorization header. */
export const authQuery = z.object({
  token: z.string().max(4096).optional(),
  recycleTime: seconds.optional(),
  expiryTime: seconds.optional(),
  accId: int.positive().optional(),
});
export const authResponse = authUser;

/** GET /reauth ?accId (bearer). */
export const reauthQuery = z.object({ accId: int.positive().optional() });

/** PUT /validate. */
export const validateBody = z.object({ code: validationCode });
export const validateResponse = z.object({ validated: z.literal(true) });

/** GET /resetpassword ?userId; PUT /resetpassword. The userId is the user name (email) a user logs in with. */
export const resetRequestQuery = z.object({ userId: z.string().trim().toLowerCase().min(1).max(254) });
export const resetBody = z.object({
  password,
  activationCode: validationCode,
  userId: z.string().trim().toLowerCase().min(1).max(254),
});

/** POST /users ?token: sign up. */
export const signupQuery = z.object({ token: z.string().max(4096).optional() });
export const signupBody = z.object({
  userId: z.string().trim().toLowerCase().max(254).optional(),
  email,
  password,
  personalName: z.string().trim().min(1, 'Enter your name').max(100),
  country: z.string().trim().max(100).optional(),
  territory,
  charityPSLNumber: z.string().trim().max(50).optional(),
  isInVerifyProcess: z.boolean().optional(),
  companyName: z.string().trim().max(100).optional(),
});

export const userIdQuery = z.object({ id: int.positive() });

/** PUT /users ?id: the user's own details. */
export const updateUserBody = z
  .object({
    personalName: z.string().trim().min(1, 'Enter your name').max(100).optional(),
    companyName: optionalText(100),
    ...addressInput,
  })
  .strict();

/** PUT /userpassword. */
export const userPasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(128),
  newPassword: password,
});

export const message = z.object({ msg: z.string() });
export const userResponse = user;

export type SignupBody = z.infer<typeof signupBody>;
export type UpdateUserBody = z.infer<typeof updateUserBody>;
export type ResetBody = z.infer<typeof resetBody>;

// ---- Call shapes: one per endpoint of ./endpoints.ts, same name ---------------------------------
// (The user-admin calls' shapes sit in ../groups/schemas.ts, beside the schemas they use.)

export const login = { query: authQuery, response: authResponse } satisfies CallShape;
export const reauth = { query: reauthQuery, response: authResponse } satisfies CallShape;
export const resendValidation = { response: message } satisfies CallShape;
export const validate = { body: validateBody, response: validateResponse } satisfies CallShape;
export const requestPasswordReset = { query: resetRequestQuery, response: message } satisfies CallShape;
export const resetPassword = { body: resetBody, response: message } satisfies CallShape;
/** The same answer whether or not the address has an account. */
export const signUp = { query: signupQuery, body: signupBody, response: message } satisfies CallShape;
export const getUser = { query: userIdQuery, response: userResponse } satisfies CallShape;
export const updateUser = { query: userIdQuery, body: updateUserBody, response: userResponse } satisfies CallShape;
export const deleteUser = { query: userIdQuery, response: message } satisfies CallShape;
export const setPassword = { body: userPasswordBody, response: message } satisfies CallShape;
export const logout = { response: message } satisfies CallShape;
