import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '../features/account/routes.ts';
import { adminRoutes } from '../features/admin/routes.ts';
import { billingRoutes } from '../features/billing/routes.ts';
import { domainRoutes } from '../features/domains/routes.ts';
import { hostingRoutes } from '../features/hosting/routes.ts';
import { mailRoutes } from '../features/mail/routes.ts';
import { referenceRoutes } from '../features/reference/routes.ts';
import { securityRoutes } from '../features/security/routes.ts';
import { sessionRoutes } from '../features/session/routes.ts';
import { staffRoutes } from '../features/staff/routes.ts';
import { staffSignInRoutes } from '../features/staff-sign-in/routes.ts';
import { toolRoutes } from '../features/tools/routes.ts';

/** Every area's calls, each registered through route() (http/route.ts), in one plugin. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (api) => {
    sessionRoutes(api);
    accountRoutes(api);
    billingRoutes(api);
    domainRoutes(api);
    mailRoutes(api);
    hostingRoutes(api);
    adminRoutes(api);
    toolRoutes(api);
    staffRoutes(api);
    referenceRoutes(api);
    securityRoutes(api);
    staffSignInRoutes(api);
  });
}
