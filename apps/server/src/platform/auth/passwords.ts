import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** The argon2 functions in use, as one object so that a test can watch which hashes a password was checked against. */
export const argon2 = { hash, verify };

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export const hashPassword = (password: string): Promise<string> => argon2.hash(password);

let dummy: Promise<string> | null = null;
/**
 * A hash of a random password made with the same parameters as real ones. Checking a password against it when
 * nobody (or nobody with a password) answers to a name costs what a wrong password costs, so the time of an
 * answer does not tell who has an account.
 */
export const dummyPasswordHash = (): Promise<string> => (dummy ??= argon2.hash(randomBytes(24).toString('base64url')));

/** Whether `password` matches; without a hash the work is done on the dummy hash and the answer is no. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    const matches = await argon2.verify(passwordHash ?? (await dummyPasswordHash()), password);
    return matches && passwordHash !== null;
  } catch {
    return false;
  }
}
