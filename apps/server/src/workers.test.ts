import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../test/support/helper.ts';
import { JOBS } from './workers.ts';

describe('the job kinds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
  });
  afterAll(() => t.close());

  it('a process that runs jobs has a handler for every kind defined, and for no other', () => {
    const defined = JOBS.map((j) => j.kind).sort();
    expect(new Set(defined).size).toBe(defined.length);
    expect(t.app.deps.jobs.kinds().sort()).toEqual(defined);
  });
});
