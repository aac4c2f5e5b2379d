import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './failures.ts';
import { type StatusInput, showStatusMessage } from './status.ts';

/**
 * Failed queries and mutations, handled in one place: a query or mutation that
 * shows a status message when it fails says which in its options, `meta: { failure }`, and the
 * caches below show it once per failed fetch. Screens no longer watch `query.error` in an effect of
 * their own (the three copies of useFailureStatus this replaces).
 */

/** What a failed query or mutation shows: a modal or a notice (no thank-you page: no router here). */
export type FailureStatus = StatusInput & { type?: 'modal' | 'review' };

export type FailureMeta = {
  /** The status message of a failure of this query or mutation (the expired session excepted). */
  failure?: (err: unknown) => FailureStatus;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}

/**
 * Every failed query and mutation passes here. An expired session is told once, by the signed-out
 * banner (call() ends the session as the answer arrives, for calls made outside a query too): no
 * screen's modal is put over it. Any other failure shows the status message its options name.
 */
export function onFailure(err: unknown, meta: FailureMeta | undefined): void {
  if (err instanceof ApiError && err.kind === 'expired') return;
  if (meta?.failure) showStatusMessage(meta.failure(err));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => onFailure(err, query.meta) }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _context, mutation) => onFailure(err, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        // A refused or expired call is an answer, not a network blip: do not retry it.
        retry: (count, err) => !(err instanceof ApiError && err.kind !== 'failed') && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
}
