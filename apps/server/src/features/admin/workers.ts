import type { FastifyInstance } from 'fastify';

/** Background jobs of the admin area, registered on the job runner (see lib/jobs.ts). */
export function registerAdminWorkers(_app: FastifyInstance): void {}
