import type { FastifyInstance } from 'fastify';
import { agentSweepJob, applyChangeJob, applyEmbedded, embeddedAgent, overdueChanges } from './changes.ts';

/** Sweep for queued changes whose job was lost (or that were queued while web-server agents were configured). */
const SWEEP_MS = 60_000;

/** The jobs of the hosting area, collected by the registry (src/workers.ts). */
export const JOBS = [applyChangeJob, agentSweepJob] as const;

/**
 * Background jobs of the hosting area: the in-process agent of the embedded default. Each queued
 * change gets a 'hosting.apply' job due PORTAL_AGENT_DELAY_MS later; the sweep catches the rest.
 * With PORTAL_AGENT_TOKENS set, the web servers' agents apply changes and this agent stays idle.
 */
export function registerWorkers(app: FastifyInstance): void {
  const { deps } = app;
  // Both commit their own steps (applyEmbedded's transaction per change). Idempotent: a change is
  // applied only while it is 'queued', claimed with FOR UPDATE SKIP LOCKED.
  deps.jobs.register(applyChangeJob, { commits: 'own' }, async ({ id }) => {
    if (!embeddedAgent(deps)) return;
    await applyEmbedded(deps, id);
  });
  if (!embeddedAgent(deps)) return;
  deps.jobs.register(agentSweepJob, { commits: 'own' }, async () => {
    for (const id of await overdueChanges(deps)) await applyEmbedded(deps, id);
  });
  deps.jobs.every(agentSweepJob, SWEEP_MS);
}
