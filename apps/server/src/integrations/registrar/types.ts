/**
 * The registrar behind domain renewal (docs/integrations/domains.md): OpenSRS in production, the "manual
 * hostmaster queue" as the embedded default. The domains feature calls `renew` from a worker
 * job, never from the request that asked for the renewal.
 */

export interface RenewInput {
  /** The domain, as stored (validated again before it goes on the wire). */
  domain: string;
  /** 1 to 10. */
  years: number;
  /** The expiration date the portal has on record, YYYY-MM-DD. */
  currentExpiration: string;
  /**
   * Stable per renewal request (e.g. "renew:<request id>"). A repeated call with the same key
   * in the same process returns the first call's outcome instead of renewing again.
   */
  idempotencyKey: string;
}

export type RenewOutcome =
  /** Renewed; newExpiration is YYYY-MM-DD. */
  | { outcome: 'done'; newExpiration: string }
  /** Accepted, but the registry has not confirmed yet: poll getExpiration later. */
  | { outcome: 'pending' }
  /** Refused by the registrar (not renewable, too far from expiry, …): nothing was charged. */
  | { outcome: 'failed'; message: string; code?: number };

export interface Registrar {
  readonly name: 'opensrs' | 'manual';
  /**
   * How long the caller's worker should wait before treating a renewal as finalised (ms).
   * The manual registrar stands for a hostmaster who acts on the emailed request; OpenSRS
   * answers synchronously (0).
   */
  readonly delayMs: number;
  /**
   * Renews a domain. Resolves with the registrar's verdict; rejects with a RegistrarError when
   * the verdict is unknown (timeout, network, HTTP or protocol error) — retry later with the
   * same input: see opensrs.ts for why that cannot renew twice.
   */
  renew(input: RenewInput): Promise<RenewOutcome>;
  /** The registrar's expiration date (YYYY-MM-DD), or null when it does not know the domain. */
  getExpiration(domain: string): Promise<string | null>;
}

export type RegistrarErrorKind = 'timeout' | 'network' | 'http' | 'protocol' | 'auth';

/** The registrar could not be asked, or its answer could not be read: the outcome is unknown. */
export class RegistrarError extends Error {
  readonly kind: RegistrarErrorKind;
  constructor(kind: RegistrarErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.name = 'RegistrarError';
  }

  /** Worth retrying later (everything but a credentials problem, which needs an operator). */
  get retryable(): boolean {
    return this.kind !== 'auth';
  }
}
