import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallDef, DataOf, OkEnvelope } from '@portal/contract/http';

/**
 * Mutations live next to the query options they invalidate (issue 16, part 4; bulletproof-react's
 * `use-delete-discussion.ts`): an area's api.ts has `useXxx(…, config)`, which makes the call and,
 * on success, invalidates the queries it changed by their `queryOptions().queryKey`. The screen
 * adds only what it shows: its onSuccess (status message, navigation) and onError.
 */
export type MutationConfig<TData, TVars> = Omit<UseMutationOptions<TData, Error, TVars>, 'mutationFn'>;

export function useInvalidatingMutation<TData, TVars = void>(
  mutationFn: (vars: TVars) => Promise<TData>,
  invalidates: (data: TData, vars: TVars) => QueryKey[],
  { onSuccess, ...config }: MutationConfig<TData, TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: (data, vars, ...rest) => {
      // Not awaited: the screen reports at once and the lists refetch behind it.
      for (const queryKey of invalidates(data, vars)) void queryClient.invalidateQueries({ queryKey });
      return onSuccess?.(data, vars, ...rest);
    },
  });
}

/** A call's success answer (the envelope), as a mutation's data. */
export type Answered<C extends CallDef> = OkEnvelope<DataOf<C>>;
