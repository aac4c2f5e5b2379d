import { AuthorizeNetGateway } from './authorize-net.ts';
import { SandboxGateway } from './sandbox.ts';
import type { GatewayLogger, PaymentGateway } from './types.ts';

export { type AcceptJsHosts, acceptJsHosts } from './accept-js.ts';
export { AuthorizeNetGateway } from './authorize-net.ts';
export { SANDBOX_TEST_CARDS, SandboxGateway, TOKEN_DESCRIPTOR, TOKEN_TTL_MS } from './sandbox.ts';
export * from './types.ts';

export type GatewayConfig =
  | { kind: 'sandbox' }
  | { kind: 'authorize-net'; endpoint: string; loginId: string; transactionKey: string; timeoutMs?: number };

/**
 * The gateway for this process. Create it once (the sandbox keeps its idempotency keys and
 * tokens in memory). See docs/integrations/payments.md.
 */
export function createGateway(
  config: GatewayConfig,
  opts: { logger?: GatewayLogger; now?: () => Date } = {},
): PaymentGateway {
  if (config.kind === 'sandbox') return new SandboxGateway({ now: opts.now });
  return new AuthorizeNetGateway({
    endpoint: config.endpoint,
    loginId: config.loginId,
    transactionKey: config.transactionKey,
    timeoutMs: config.timeoutMs,
    logger: opts.logger,
  });
}

/** PORTAL_GATEWAY, AUTHNET_ENDPOINT, AUTHNET_LOGIN_ID, AUTHNET_TRANSACTION_KEY (as validated by config.ts) → GatewayConfig. */
export function gatewayConfigFromEnv(env: {
  PORTAL_GATEWAY: 'sandbox' | 'authorize-net';
  AUTHNET_ENDPOINT: string;
  AUTHNET_LOGIN_ID?: string;
  AUTHNET_TRANSACTION_KEY?: string;
}): GatewayConfig {
  if (env.PORTAL_GATEWAY === 'sandbox') return { kind: 'sandbox' };
  if (!env.AUTHNET_LOGIN_ID || !env.AUTHNET_TRANSACTION_KEY) {
    throw new Error('PORTAL_GATEWAY=authorize-net needs AUTHNET_LOGIN_ID and AUTHNET_TRANSACTION_KEY');
  }
  return {
    kind: 'authorize-net',
    endpoint: env.AUTHNET_ENDPOINT,
    loginId: env.AUTHNET_LOGIN_ID,
    transactionKey: env.AUTHNET_TRANSACTION_KEY,
  };
}
