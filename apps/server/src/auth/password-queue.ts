import { availableParallelism } from 'node:os';
import { RateLimited } from '../lib/errors.ts';

/**
 * Bounded concurrency for password hashing (docs/decisions/044-password-hashing-queue.md): at most
 * `concurrency` argon2id runs at once in this process, up to `queue` callers wait their turn in
 * arrival order, and one more is refused at once (429 `hashing_busy`, Retry-After) without any
 * work. A burst of sign-ins then takes a bounded share of the CPU, and what is signed in already
 * keeps being answered.
 */
export class PasswordQueue {
  readonly concurrency: number;
  readonly queue: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** A running mean of how long one slot is held (ms), for Retry-After. */
  private meanMs = 50;

  constructor(concurrency: number, queue: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be ≥ 1');
    if (!Number.isInteger(queue) || queue < 0) throw new Error('queue must be ≥ 0');
    this.concurrency = concurrency;
    this.queue = queue;
  }

  /** Runs and waiting callers now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * A slot: at once when one is free, else after the callers that came first. Refused (thrown
   * RateLimited with code `hashing_busy`) when the queue is full. Call the returned function once
   * when done.
   */
  acquire(): Promise<() => void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.queue) return Promise.reject(this.busy());
    return new Promise((resolve) => {
      // release() hands its slot over: `running` stays as it is.
      this.waiting.push(() => resolve(this.releaser()));
    });
  }

  /** `task` in a slot. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }

  /** Seconds until the queue as it is now has drained: at least 1. */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length + 1;
    return Math.max(1, Math.ceil((ahead * this.meanMs) / this.concurrency / 1000));
  }

  private busy(): RateLimited {
    const seconds = this.retryAfterSeconds();
    return new RateLimited(seconds, (texts) => texts.passwordChecksBusy(seconds), 'hashing_busy');
  }

  private releaser(): () => void {
    const started = performance.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.meanMs = this.meanMs * 0.9 + (performance.now() - started) * 0.1;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}

/**
 * The default number of hashes at once: one core left for the event loop (what answers the
 * signed-in). Each runs on a hashing thread of its own (auth/hash-threads.ts), not libuv's pool.
 */
export function defaultHashConcurrency(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/** Waiting callers by default: 32 per hashing slot, about 1.6 s of argon2id at 50 ms each. */
export const defaultHashQueue = (concurrency: number) => 32 * concurrency;

let shared = new PasswordQueue(defaultHashConcurrency(), defaultHashQueue(defaultHashConcurrency()));

/** The queue of this process: the CPU and the hashing threads are the process's, whatever apps it runs. */
export const passwordQueue = (): PasswordQueue => shared;

/**
 * Sizes the process's queue (config PORTAL_HASH_CONCURRENCY, PORTAL_HASH_QUEUE); an app calls it
 * when it is built. A queue with callers in it is kept for them and replaced for what comes next.
 */
export function configurePasswordQueue(concurrency: number | undefined, queue: number | undefined): void {
  const c = concurrency ?? defaultHashConcurrency();
  const q = queue ?? defaultHashQueue(c);
  if (shared.concurrency !== c || shared.queue !== q) shared = new PasswordQueue(c, q);
}
