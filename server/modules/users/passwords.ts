import argon2 from 'argon2';

// OWASP password storage cheat sheet, argon2id: 19 MiB memory, 2 iterations, 1 lane.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash with the same parameters, so an unknown user name costs as
 * much time as a wrong password and response times do not reveal which accounts exist.
 */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password that matches nobody');
  await verifyPassword(await dummyHash, password);
}
