import type { TestApp } from './helper.ts';
import { mailsTo } from './mail.ts';

const DAY_MS = 86_400_000;

/**
 * Moves the test clock a day at a time from its now, for days 0 … `last`: on each, `before(day)`
 * (a payment, a renewal), then the jobs drained twice on every instance (a job's mail, then its
 * delivery), then `after(day)`. Returns the day on which each outbox message was queued, by id.
 */
export async function stepDays(
  t: Pick<TestApp, 'clock' | 'drainJobs' | 'db' | 'app' | 'sent'>,
  last: number,
  hooks: { before?: (day: number) => Promise<void>; after?: (day: number) => Promise<void> } = {},
): Promise<Map<number, number>> {
  const start = t.clock.now().getTime();
  const dayOf = new Map<number, number>();
  for (let day = 0; day <= last; day++) {
    t.clock.set(new Date(start + day * DAY_MS));
    await hooks.before?.(day);
    await t.drainJobs();
    await t.drainJobs();
    for (const m of await mailsTo(t)) if (!dayOf.has(m.id)) dayOf.set(m.id, day);
    await hooks.after?.(day);
  }
  return dayOf;
}
