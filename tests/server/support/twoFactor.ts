// Two-factor sign-in in server tests: codes computed from a secret at the app's clock, enrolment of
// an authenticator app through the real calls, and a login that stops at the second step.
import { generateSync } from 'otplib';
import { expect } from 'vitest';
import * as X from '../../../contract/security/endpoints';
import type { AuthUser } from '../../../contract/users/entities';
import { call, okBody } from './api';
import type { Caller } from './calls';
import type { Harness } from './harness';

/** The authenticator app's code for `secret` at the app's clock, `steps` time steps (30 s) away. */
export const totpCode = (h: Pick<Harness, 'clock'>, secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(h.clock() / 1000) + steps * 30 });

/** Moves the clock to the start of the next time step, so the next code is a new one. */
export function nextStep(h: Pick<Harness, 'clock'>): void {
  const seconds = h.clock() / 1000;
  h.clock.advance((30 - (Math.floor(seconds) % 30)) * 1000);
}

/** Adds and confirms an authenticator app for the signed-in caller; its secret and the recovery codes shown. */
export async function enrolTotp(h: Harness, caller: Caller): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = okBody(await call(h, caller, X.startTotp));
  const confirmed = okBody(await call(h, caller, X.confirmTotp, { body: { code: totpCode(h, secret) } }));
  // The code of enrolment is spent: sign-in takes the next one.
  nextStep(h);
  return { secret, recoveryCodes: confirmed.recoveryCodes ?? [] };
}

/** A caller of a token: its bearer headers. */
export const asCaller = (h: Harness, auth: AuthUser, email: string): Caller => ({ id: auth.id, email, headers: h.bearer(auth.jwt) });

/** Logs in with the password and expects the half-signed-in answer of `stage`. */
export async function halfLogin(h: Harness, email: string, stage: 'secondFactor' | 'enrol'): Promise<Caller & { auth: AuthUser }> {
  const auth = await h.login(email);
  expect(auth.stage).toBe(stage);
  return { ...asCaller(h, auth, email), auth };
}
