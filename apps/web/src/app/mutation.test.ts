import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { afterSuccess, type Invalidation } from './mutation.ts';

/**
 * What a mutation hook of an area does after its call succeeded (`useInvalidatingMutation`'s
 * onSuccess, built by `afterSuccess`), run through TanStack Query's own mutation without React.
 */

const LIST = ['/api/contacts/:account', 'alice'];

let unsubscribe = () => {};
afterEach(() => unsubscribe());

/** A query the screen shows (observed, so an invalidation refetches it), answered by hand. */
async function shownList(client: QueryClient, first: string[]) {
  const answers: Array<(v: string[]) => void> = [];
  let calls = 0;
  const observer = new QueryObserver(client, {
    queryKey: LIST,
    queryFn: () => {
      calls += 1;
      return calls === 1 ? Promise.resolve(first) : new Promise<string[]>((r) => answers.push(r));
    },
  });
  unsubscribe = observer.subscribe(() => {});
  await observer.refetch();
  return { answer: (v: string[]) => answers.shift()?.(v), calls: () => calls };
}

/** Runs a successful mutation whose onSuccess is `afterSuccess(…)` with the screen's `seen`. */
function mutate(client: QueryClient, invalidation: Invalidation<string, string>, seen: () => void) {
  const mutation = client.getMutationCache().build(client, {
    mutationFn: async (name: string) => `added ${name}`,
    onSuccess: afterSuccess(client, () => [LIST], invalidation, seen),
  });
  return mutation.execute('Bob');
}

describe('a mutation hook brings the queries it changed up to date', () => {
  it('by default goes on at once: the screen reports while the list refetches behind it', async () => {
    const client = new QueryClient();
    const list = await shownList(client, ['Ann']);
    let listWhenSeen: unknown;
    await mutate(client, {}, () => {
      listWhenSeen = client.getQueryData(LIST);
    });
    expect(listWhenSeen).toEqual(['Ann']);
    expect(list.calls()).toBe(2);
    expect(client.getQueryState(LIST)?.fetchStatus).toBe('fetching');
    list.answer(['Ann', 'Bob']);
    await expect.poll(() => client.getQueryData(LIST)).toEqual(['Ann', 'Bob']);
  });

  it('with awaitRefetch, runs the screen’s onSuccess once the list holds the change', async () => {
    const client = new QueryClient();
    const list = await shownList(client, ['Ann']);
    let listWhenSeen: unknown;
    const done = mutate(client, { awaitRefetch: true }, () => {
      listWhenSeen = client.getQueryData(LIST);
    });
    await expect.poll(() => list.calls()).toBe(2);
    expect(listWhenSeen).toBeUndefined();
    list.answer(['Ann', 'Bob']);
    await done;
    expect(listWhenSeen).toEqual(['Ann', 'Bob']);
  });

  it('drops the edited item from the cache (removes) and writes an answer into it (writes)', async () => {
    const client = new QueryClient();
    client.setQueryData(['/api/get-contact', 'alice', 7], { contact: 'Old' });
    let seen = false;
    await mutate(
      client,
      {
        removes: () => [['/api/get-contact', 'alice', 7]],
        writes: (c, answer) => c.setQueryData(['/api/secondaries/:user', 'alice'], answer),
      },
      () => {
        seen = true;
      },
    );
    expect(seen).toBe(true);
    expect(client.getQueryState(['/api/get-contact', 'alice', 7])).toBeUndefined();
    expect(client.getQueryData(['/api/secondaries/:user', 'alice'])).toBe('added Bob');
  });
});
