/** How long the fault tests wait for something to happen: a limit against hanging, never a timing assertion. */
export const EVENTUALLY_MS = 90_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `get` until it answers something truthy and answers that; fails after EVENTUALLY_MS naming
 * `what` (and `state()`, to say where things stood).
 */
export async function eventually<T>(
  what: string,
  get: () => T | undefined | false | Promise<T | undefined | false>,
  state?: () => unknown,
): Promise<T> {
  const deadline = Date.now() + EVENTUALLY_MS;
  for (;;) {
    const v = await get();
    if (v) return v;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for: ${what}${state ? ` ${JSON.stringify(state())}` : ''}`);
    await sleep(25);
  }
}
