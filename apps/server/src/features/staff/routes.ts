import type { FastifyInstance } from 'fastify';

/** Routes of the staff area. */
export function staffRoutes(_app: FastifyInstance): void {}
