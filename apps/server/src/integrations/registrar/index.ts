import { createManualRegistrar } from './manual.ts';
import { createOpenSrsRegistrar } from './opensrs.ts';
import type { Registrar } from './types.ts';

export { addYears, datePart, isDate } from './expiration.ts';
export { createManualRegistrar, type ManualRegistrarOptions } from './manual.ts';
export {
  createOpenSrsClient,
  createOpenSrsRegistrar,
  type OpenSrsClient,
  type OpenSrsConfig,
} from './opensrs.ts';
export {
  type Registrar,
  RegistrarError,
  type RegistrarErrorKind,
  type RenewInput,
  type RenewOutcome,
} from './types.ts';

export type RegistrarConfig =
  | { kind: 'manual'; delayMs?: number }
  | { kind: 'opensrs'; endpoint: string; username: string; key: string; timeoutMs?: number };

export function createRegistrar(config: RegistrarConfig): Registrar {
  switch (config.kind) {
    case 'manual':
      return createManualRegistrar({ delayMs: config.delayMs });
    case 'opensrs':
      return createOpenSrsRegistrar(config);
  }
}

/** The registrar configuration from the validated environment (config.ts). */
export function registrarConfigFromEnv(env: {
  PORTAL_REGISTRAR: 'manual' | 'opensrs';
  OPENSRS_ENDPOINT: string;
  OPENSRS_USERNAME?: string;
  OPENSRS_KEY?: string;
  PORTAL_AGENT_DELAY_MS?: number;
}): RegistrarConfig {
  if (env.PORTAL_REGISTRAR === 'manual') return { kind: 'manual', delayMs: env.PORTAL_AGENT_DELAY_MS };
  if (!env.OPENSRS_USERNAME || !env.OPENSRS_KEY) {
    throw new Error('PORTAL_REGISTRAR=opensrs needs OPENSRS_USERNAME and OPENSRS_KEY');
  }
  return {
    kind: 'opensrs',
    endpoint: env.OPENSRS_ENDPOINT,
    username: env.OPENSRS_USERNAME,
    key: env.OPENSRS_KEY,
  };
}
