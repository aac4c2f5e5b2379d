import { vi } from 'vitest';

/** How long the fault tests wait for something to happen: a limit against hanging, never a timing assertion. */
export const WAIT_MS = 90_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Vitest's `vi.waitUntil` with the fault tests' limit: polls `get` until it answers something
 * truthy and answers that; an error thrown by `get` ends the wait at once. On timeout the error
 * names `what` (and `state()`, to say where things stood), which vitest's own message does not.
 */
export async function waitUntil<T>(what: string, get: () => T | Promise<T>, state?: () => unknown) {
  const started = Date.now();
  try {
    return await vi.waitUntil(get, { timeout: WAIT_MS, interval: 25 });
  } catch (e) {
    if (Date.now() - started < WAIT_MS) throw e;
    throw new Error(`timed out waiting for: ${what}${state ? ` ${JSON.stringify(state())}` : ''}`, {
      cause: e,
    });
  }
}
