import type { FastifyInstance } from 'fastify';

/** The jobs of the tools area, collected by the registry (src/workers.ts). */
export const JOBS = [] as const;

/** Background jobs of the tools area, registered on the job runner (see lib/jobs.ts). */
export function registerWorkers(_app: FastifyInstance): void {}
