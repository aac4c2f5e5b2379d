import {
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { CallDef, DataOf, OkEnvelope } from '@portal/contract/http';

/**
 * Mutations live next to the query options they invalidate (bulletproof-react's
 * `use-delete-discussion.ts`): an area's api.ts has `useXxx(…, config)`, which makes the call and,
 * on success, invalidates the queries it changed by their `queryOptions().queryKey`. The screen
 * adds only what it shows: its onSuccess (status message, navigation) and onError.
 */
export type MutationConfig<TData, TVars> = Omit<UseMutationOptions<TData, Error, TVars>, 'mutationFn'>;

/**
 * How the queries a mutation changed are brought up to date. By default they are invalidated and
 * the screen goes on at once (the lists refetch behind its status message).
 */
export interface Invalidation<TData, TVars> {
  /**
   * Wait for the changed queries to refetch before the screen's onSuccess: a screen that goes back
   * to the list it changed (Edit Contact, Edit Domain) shows it with the change, not a moment before.
   */
  awaitRefetch?: boolean;
  /** Queries to drop from the cache (the one item the screen edited, read afresh when reopened). */
  removes?: (data: TData, vars: TVars) => QueryKey[];
  /**
   * Cache entries the answer itself replaces (`client.setQueryData(xQuery(…).queryKey, …)`, typed
   * by the key), where the call answers with the changed item: no second request for it.
   */
  writes?: (client: QueryClient, data: TData, vars: TVars) => void;
}

export function useInvalidatingMutation<TData, TVars = void>(
  mutationFn: (vars: TVars) => Promise<TData>,
  invalidates: (data: TData, vars: TVars) => QueryKey[],
  { onSuccess, ...config }: MutationConfig<TData, TVars> = {},
  invalidation: Invalidation<TData, TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: afterSuccess(queryClient, invalidates, invalidation, onSuccess),
  });
}

type OnSuccess<TData, TVars> = NonNullable<MutationConfig<TData, TVars>['onSuccess']>;

/**
 * The mutation's onSuccess: brings the changed queries up to date (`Invalidation`), then runs the
 * screen's. Apart from the hook so it is tested without React (mutation.test.ts).
 */
export function afterSuccess<TData, TVars>(
  queryClient: QueryClient,
  invalidates: (data: TData, vars: TVars) => QueryKey[],
  { awaitRefetch = false, removes, writes }: Invalidation<TData, TVars>,
  onSuccess?: OnSuccess<TData, TVars>,
): OnSuccess<TData, TVars> {
  return (data, vars, ...rest) => {
    writes?.(queryClient, data, vars);
    const refetched = Promise.all(
      invalidates(data, vars).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    const goOn = () => {
      for (const queryKey of removes?.(data, vars) ?? []) queryClient.removeQueries({ queryKey });
      return onSuccess?.(data, vars, ...rest);
    };
    // Not awaited unless asked: the screen reports at once and the lists refetch behind it.
    return awaitRefetch ? refetched.then(goOn) : goOn();
  };
}

/** A call's success answer (the envelope), as a mutation's data. */
export type Answered<C extends CallDef> = OkEnvelope<DataOf<C>>;
