import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * The threads that run argon2id (docs/decisions/124-password-hashing-threads.md): threads of this
 * process's own, each lowered to nice HASH_NICE when it starts, so that while sign-ins keep them
 * busy the kernel gives the main thread (what answers the signed-in) and PostgreSQL the CPU first;
 * a hash takes what is left. libuv's pool, where the hashes ran before, is shared with file reads
 * and compression, and its threads cannot be told apart.
 *
 * Started when the first hash is asked for (none at start-up), up to `size` at once; a thread
 * keeps the process alive only while it has work.
 */

/** The niceness of a hashing thread: a tenth of a normal thread's share of a busy core (weights 110 : 1024). */
export const HASH_NICE = 10;

type Job = { op: 'hash'; password: string } | { op: 'verify'; password: string; stored: string };
type Reply = { id: number; value: string | boolean } | { id: number; error: string };

/**
 * The thread's code. CommonJS, evaluated (no file of its own, so the bundled server needs no
 * second entry point); argon2 is required by the path the main thread resolved.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
const { getPriority, setPriority } = require('node:os');
const argon2 = require(workerData.argon2);
let niced = false;
let tid = 0;
try {
  // Linux: /proc/thread-self is /proc/<pid>/task/<tid>; setpriority on a tid sets that thread only.
  // Only ever lower (a process started niced already keeps its own, higher, niceness).
  tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (getPriority(tid) < workerData.nice) setPriority(tid, workerData.nice);
  niced = true;
} catch {}
parentPort.postMessage({ ready: true, niced, tid });
parentPort.on('message', (job) => {
  try {
    const value = job.op === 'hash'
      ? argon2.hashSync(job.password, workerData.options)
      : argon2.verifySync(job.stored, job.password);
    parentPort.postMessage({ id: job.id, value });
  } catch (err) {
    parentPort.postMessage({ id: job.id, error: String(err && err.message || err) });
  }
});
`;

interface Thread {
  worker: Worker;
  /** The id of the job it runs, if any. */
  job?: number;
  /** The thread's id in the kernel and whether it was niced, once it has started. */
  started: Promise<{ niced: boolean; tid: number }>;
}

export class HashThreads {
  private readonly threads: Thread[] = [];
  private readonly waiting: { id: number; job: Job }[] = [];
  private readonly pending = new Map<
    number,
    { resolve: (v: string | boolean) => void; reject: (e: Error) => void }
  >();
  private nextId = 1;

  /** How many threads at most (never more than the cores: they would not hash faster), read when one would start. */
  private readonly size: () => number;
  private readonly options: object;

  constructor(size: () => number, options: object) {
    this.size = size;
    this.options = options;
  }

  hash(password: string): Promise<string> {
    return this.run({ op: 'hash', password }) as Promise<string>;
  }

  verify(stored: string, password: string): Promise<boolean> {
    return this.run({ op: 'verify', password, stored }) as Promise<boolean>;
  }

  /** The started threads' kernel ids and whether each was niced (tests read /proc with them). */
  started(): Promise<{ niced: boolean; tid: number }[]> {
    return Promise.all(this.threads.map((t) => t.started));
  }

  /** Ends the threads; the jobs they hold fail (a test's end: a server's end does not need it). */
  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private run(job: Job): Promise<string | boolean> {
    const id = this.nextId++;
    const answer = new Promise<string | boolean>((resolve, reject) =>
      this.pending.set(id, { resolve, reject }),
    );
    this.waiting.push({ id, job });
    this.dispatch();
    return answer;
  }

  private dispatch(): void {
    while (this.waiting.length) {
      const thread =
        this.threads.find((t) => t.job === undefined) ??
        (this.threads.length < Math.min(this.size(), availableParallelism()) ? this.start() : undefined);
      if (!thread) return;
      const next = this.waiting.shift();
      if (!next) return;
      thread.job = next.id;
      thread.worker.ref();
      thread.worker.postMessage({ id: next.id, ...next.job });
    }
  }

  private start(): Thread {
    const worker = new Worker(THREAD, {
      eval: true,
      workerData: { argon2: argon2Path(), nice: HASH_NICE, options: this.options },
      // None of the process's flags (a loader such as tsx under tests): plain CommonJS runs here.
      execArgv: [],
      // Its own heap is small: the 19 MiB of each hash is argon2's native memory.
      resourceLimits: { maxOldGenerationSizeMb: 16 },
    });
    let ready: (v: { niced: boolean; tid: number }) => void = () => {};
    const thread: Thread = { worker, started: new Promise((r) => (ready = r)) };
    worker.unref();
    worker.on('message', (message: Reply | { ready: true; niced: boolean; tid: number }) => {
      if ('ready' in message) return ready({ niced: message.niced, tid: message.tid });
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      thread.job = undefined;
      worker.unref();
      if ('error' in message) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.value);
      this.dispatch();
    });
    worker.on('error', (err) => this.lost(thread, err));
    worker.on('exit', () => this.lost(thread, new Error('a password hashing thread ended')));
    this.threads.push(thread);
    return thread;
  }

  /** A thread that failed or ended: its job fails, the others go on (a new thread is started for them). */
  private lost(thread: Thread, err: Error): void {
    const at = this.threads.indexOf(thread);
    if (at === -1) return;
    this.threads.splice(at, 1);
    if (thread.job !== undefined) {
      this.pending.get(thread.job)?.reject(err);
      this.pending.delete(thread.job);
    }
    this.dispatch();
  }
}

let resolved: string | undefined;
/** @node-rs/argon2's entry, resolved from this module (the thread's code has no module of its own). */
function argon2Path(): string {
  resolved ??= createRequire(import.meta.url).resolve('@node-rs/argon2');
  return resolved;
}
