import { errorText } from '../../lib/error-text.ts';

/**
 * Typed whois errors. The domains feature maps InvalidDomainError to a 400 answer and every
 * other WhoisError to "unavailable" (503): the lookup may succeed later.
 */
export type WhoisErrorCode = 'invalid_domain' | 'timeout' | 'connection';

export class WhoisError extends Error {
  readonly code: WhoisErrorCode;
  constructor(code: WhoisErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = 'WhoisError';
  }
}

/** The input is not a domain name we are willing to put on the wire. */
export class InvalidDomainError extends WhoisError {
  constructor(message = 'Invalid domain name') {
    super('invalid_domain', message);
    this.name = 'InvalidDomainError';
  }
}

/** Connecting or reading took longer than the configured limits. */
export class WhoisTimeoutError extends WhoisError {
  readonly server: string;
  readonly phase: 'connect' | 'total';
  constructor(server: string, phase: 'connect' | 'total') {
    super('timeout', `whois ${server}: ${phase === 'connect' ? 'connect' : 'response'} timed out`);
    this.server = server;
    this.phase = phase;
    this.name = 'WhoisTimeoutError';
  }
}

/** The server refused the connection, reset it, or the name did not resolve. */
export class WhoisConnectionError extends WhoisError {
  readonly server: string;
  constructor(server: string, cause: unknown) {
    super('connection', `whois ${server}: ${errorText(cause)}`, {
      cause,
    });
    this.server = server;
    this.name = 'WhoisConnectionError';
  }
}
