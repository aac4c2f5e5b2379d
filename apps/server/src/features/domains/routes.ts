import type { FastifyInstance } from 'fastify';
import { editRoutes } from './edit.ts';
import { listRoutes } from './list.ts';
import { permissionRoutes } from './permissions.ts';
import { registrationRoutes } from './registration.ts';
import { renewalRoutes } from './renewal.ts';
import { whoisRoutes } from './whois.ts';

/** Routes of the domains area: lists, registration, renewal, edit, permissions, whois. */
export function domainRoutes(app: FastifyInstance): void {
  listRoutes(app);
  registrationRoutes(app);
  renewalRoutes(app);
  editRoutes(app);
  permissionRoutes(app);
  whoisRoutes(app);
}
