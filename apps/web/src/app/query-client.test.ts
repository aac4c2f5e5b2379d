import { beforeEach, describe, expect, it, vi } from 'vitest';

// The session reads the browser's storage when it loads, and a status message the page's address.
const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => store.set(k, v),
  removeItem: (k: string) => store.delete(k),
});
vi.stubGlobal('window', { location: { pathname: '/portal/circuits' }, scrollTo: () => {} });
const { createQueryClient } = await import('./query-client.ts');
const { ApiError } = await import('./failures.ts');
const { session } = await import('./session.ts');

const failure = (err: unknown) => ({
  title: 'Get Circuits failed',
  body: err instanceof Error ? err.message : '',
  alert: 'serious' as const,
});

beforeEach(() => session.set({ status: null }));

describe('the failures of queries and mutations, handled once', () => {
  it('shows the status message a failed query names in its meta', async () => {
    const client = createQueryClient();
    const refused = new ApiError('refused', 'Permission denied', 403, {}, 'forbidden');
    await expect(
      client.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(refused), meta: { failure } }),
    ).rejects.toBe(refused);
    expect(session.get().status).toMatchObject({
      title: 'Get Circuits failed',
      body: 'Permission denied',
      type: 'modal',
      path: '/portal/circuits',
    });
  });

  it('shows nothing for a query that names no failure status (the screen shows it its own way)', async () => {
    const client = createQueryClient();
    const refused = new ApiError('refused', 'Permission denied', 403, {}, 'forbidden');
    await expect(client.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(refused) })).rejects.toBe(
      refused,
    );
    expect(session.get().status).toBeNull();
  });

  it('puts no modal over an expired session (the signed-out banner tells it)', async () => {
    const client = createQueryClient();
    const expired = new ApiError('expired', 'Session expired', 401, {}, 'unauthenticated');
    await expect(
      client.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(expired), meta: { failure } }),
    ).rejects.toBe(expired);
    expect(session.get().status).toBeNull();
  });

  it('shows the status message a failed mutation names in its meta', async () => {
    const client = createQueryClient();
    const failed = new ApiError('failed', 'Server failure: 500', 500, {}, 'internal');
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(failed),
      meta: { failure },
    });
    await expect(mutation.execute(undefined)).rejects.toBe(failed);
    expect(session.get().status).toMatchObject({ title: 'Get Circuits failed', body: 'Server failure: 500' });
  });
});
