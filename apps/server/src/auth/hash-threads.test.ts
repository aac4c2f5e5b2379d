import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { HASH_NICE, HashThreads } from './hash-threads.ts';

const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A thread's niceness as the kernel has it: /proc/self/task/<tid>/stat, the 19th field. */
function niceOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]);
}

describe('the password hashing threads', () => {
  const threads = new HashThreads(() => 1, OPTIONS);
  afterAll(() => threads.close());

  it('hash with argon2id and verify a right and a wrong password', async () => {
    const stored = await threads.hash('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await threads.verify(stored, 'correct horse battery')).toBe(true);
    expect(await threads.verify(stored, 'correct horse staple')).toBe(false);
  });

  it('run at nice 10 (or at the process niceness when higher), the main thread at its own', async () => {
    const main = niceOf(Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]));
    const [started] = await threads.started();
    expect(started?.niced).toBe(true);
    expect(niceOf(started?.tid ?? 0)).toBe(Math.max(HASH_NICE, main));
    expect(niceOf(Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]))).toBe(main);
  });

  it('take more jobs than threads in turn, and fail a job whose thread ends, the next one running', async () => {
    const [a, b] = await Promise.all([threads.hash('one'), threads.hash('two')]);
    expect(await threads.verify(a ?? '', 'one')).toBe(true);
    expect(await threads.verify(b ?? '', 'two')).toBe(true);
    const cut = threads.hash('three');
    await threads.close();
    await expect(cut).rejects.toThrow(/thread ended/);
    expect(await threads.verify(await threads.hash('four'), 'four')).toBe(true);
  });
});
