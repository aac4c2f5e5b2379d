import { z } from 'zod';
import { defineJob } from '../../src/lib/jobs.ts';

/**
 * The job of worker-kill.test.ts and its worker process (worker-child.ts): it writes one row of
 * fault_effects; `block` says where the child stops ('uncommitted', 'committed', or '' not at all).
 */
export const faultEffectJob = defineJob(
  'fault.effect',
  z.object({ n: z.number().int(), block: z.enum(['uncommitted', 'committed', '']) }),
);
