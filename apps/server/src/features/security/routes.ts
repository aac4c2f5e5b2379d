import type { FastifyInstance } from 'fastify';
import { activityRoutes } from './activity-routes.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { secondFactorRoutes } from './second-factor.ts';
import { sessionListRoutes } from './session-routes.ts';

/** The security area's calls: the second factor, passkeys, the session list and account activity. */
export function securityRoutes(app: FastifyInstance): void {
  secondFactorRoutes(app);
  passkeyRoutes(app);
  sessionListRoutes(app);
  activityRoutes(app);
}
