import { describe, expect, it } from 'vitest';
import { RateLimited } from '../lib/errors.ts';
import { defaultHashConcurrency, PasswordQueue } from './password-queue.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('the password queue', () => {
  it('runs at most `concurrency` tasks at once', async () => {
    const q = new PasswordQueue(2, 10);
    let now = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const task = () =>
      q.run(async () => {
        now++;
        most = Math.max(most, now);
        await new Promise<void>((r) => gates.push(r));
        now--;
      });
    const all = Array.from({ length: 6 }, task);
    await tick();
    expect(q.load).toEqual({ running: 2, waiting: 4 });
    while (gates.length || q.load.running) {
      gates.shift()?.();
      await tick();
    }
    await Promise.all(all);
    expect(most).toBe(2);
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses the caller after a full queue, with a Retry-After and the hashing_busy code', async () => {
    const q = new PasswordQueue(1, 2);
    const first = await q.acquire();
    const waiting = [q.acquire(), q.acquire()];
    const refused = await q.acquire().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).specific).toBe('hashing_busy');
    expect((refused as RateLimited).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(q.load).toEqual({ running: 1, waiting: 2 });
    first();
    (await waiting[0])?.();
    (await waiting[1])?.();
    expect(q.load).toEqual({ running: 0, waiting: 0 });
    // Room again: taken at once.
    (await q.acquire())();
  });

  it('hands slots out in arrival order', async () => {
    const q = new PasswordQueue(1, 5);
    const order: number[] = [];
    const first = await q.acquire();
    const all = [1, 2, 3, 4].map((n) =>
      q.acquire().then((release) => {
        order.push(n);
        release();
      }),
    );
    first();
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('releases a slot once however often its release is called', async () => {
    const q = new PasswordQueue(1, 1);
    const release = await q.acquire();
    release();
    release();
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives back the slot of a task that fails', async () => {
    const q = new PasswordQueue(1, 0);
    await expect(q.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(q.load.running).toBe(0);
  });

  it('leaves a core for the event loop by default', () => {
    expect(defaultHashConcurrency(1)).toBe(1);
    expect(defaultHashConcurrency(2)).toBe(1);
    expect(defaultHashConcurrency(8)).toBe(7);
  });
});
