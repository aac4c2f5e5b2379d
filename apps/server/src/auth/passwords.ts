import { HashThreads } from './hash-threads.ts';
import { passwordQueue } from './password-queue.ts';

/** argon2id with OWASP's minimum parameters (19 MiB, t=2, p=1). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** As many threads as the queue lets hashes run at once (auth/hash-threads.ts: niced). */
export const hashThreads = new HashThreads(() => passwordQueue().concurrency, OPTIONS);

/**
 * Every hash and check below takes a slot of the process's password queue (auth/password-queue.ts):
 * a full queue refuses with 429 `hashing_busy` before any work.
 */
export function hashPassword(password: string): Promise<string> {
  return passwordQueue().run(() => hashThreads.hash(password));
}

// A fixed hash to verify against when the account does not exist, so both cases take the same time.
let dummy: Promise<string> | undefined;

/** The check itself, for a caller that holds a slot of the queue already (sign-in). */
export async function verifyInSlot(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashThreads.hash('not-a-real-password');
    await hashThreads.verify(await dummy, password).catch(() => false);
    return false;
  }
  return hashThreads.verify(stored, password).catch(() => false);
}

export function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  return passwordQueue().run(() => verifyInSlot(stored, password));
}

/** The mail/unix password in Dovecot's scheme-prefixed form, read by Dovecot's SQL passdb. */
export async function hashMailPassword(password: string): Promise<string> {
  return `{ARGON2ID}${await hashPassword(password)}`;
}
