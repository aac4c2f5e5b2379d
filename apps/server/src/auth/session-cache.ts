import type { AccountRef } from './policy.ts';

/**
 * What the session check read for a session (auth/sessions.ts): the caller's own account and the
 * session's row. Kept for a short while per process so that a burst of requests of one session
 * (a screen loads several calls at once) costs one database round trip, not one each
 * (docs/decisions/023-session-check-cache.md).
 *
 * Correctness rests on two things. Every committed change that can end a session or alter what was
 * read is announced by the database (migration 0004's triggers, db/index.ts) and drops the
 * account's entries in every process, this one before the changing statement returns. And an entry
 * is never older than `ttlMs` (at most a second), so even an announcement lost with a broken
 * connection cannot keep a revoked session alive for longer than that. A read that was under way
 * while an announcement arrived is not kept (the generation moved on).
 */
export interface SessionRow extends AccountRef {
  accountEpoch: number;
  epoch: number;
  lastSeen: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

interface Entry {
  account: string;
  row: SessionRow;
  /** performance.now() when it was read. */
  at: number;
}

/** Sessions kept at most per process; the oldest goes first. */
const MAX_ENTRIES = 10_000;

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  readonly ttlMs: number;

  /** `ttlMs` 0 keeps nothing (PORTAL_SESSION_CACHE_MS=0). */
  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  /** The session's row as read less than `ttlMs` ago, when it is the token's account's. */
  get(sid: string, account: string): SessionRow | undefined {
    const e = this.#entries.get(sid);
    if (!e) return undefined;
    if (e.account !== account || performance.now() - e.at >= this.ttlMs) {
      this.#entries.delete(sid);
      return undefined;
    }
    return e.row;
  }

  /** Taken before a read: `put` keeps its result only when nothing was announced meanwhile. */
  generation(): number {
    return this.#generation;
  }

  put(sid: string, row: SessionRow, readAt: number): void {
    if (this.ttlMs <= 0 || readAt !== this.#generation) return;
    this.#entries.delete(sid);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(sid, { account: row.logname, row, at: performance.now() });
  }

  /** A change of `account` was announced (null: announcements may have been missed). */
  drop(account: string | null): void {
    this.#generation++;
    if (account === null) {
      this.#entries.clear();
      return;
    }
    for (const [sid, e] of this.#entries) if (e.account === account) this.#entries.delete(sid);
  }

  get size(): number {
    return this.#entries.size;
  }
}
