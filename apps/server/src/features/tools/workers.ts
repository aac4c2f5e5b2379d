import type { FastifyInstance } from 'fastify';

/** Background jobs of the tools area, registered on the job runner (see lib/jobs.ts). */
export function registerToolsWorkers(_app: FastifyInstance): void {}
