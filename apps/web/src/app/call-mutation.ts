import type { BodyOf, CallDef } from '@portal/contract/http';
import type { QueryKey } from '@tanstack/react-query';
import { call } from './api.ts';
import {
  type Answered,
  type Invalidation,
  type MutationConfig,
  useInvalidatingMutation,
} from './mutation.ts';

/** The config of a mutation that makes one call of the contract with the body it is given. */
export type CallMutationConfig<C extends CallDef> = MutationConfig<Answered<C>, BodyOf<C>>;

/**
 * A mutation that makes the call `def` with the body it is given, then brings the queries it
 * changed up to date (`useInvalidatingMutation`): most of an area's mutations are one such call.
 */
export function useCallMutation<C extends CallDef>(
  def: C,
  invalidates: (data: Answered<C>, body: BodyOf<C>) => QueryKey[],
  config?: CallMutationConfig<C>,
  invalidation?: Invalidation<Answered<C>, BodyOf<C>>,
) {
  return useInvalidatingMutation((body: BodyOf<C>) => call(def, { body }), invalidates, config, invalidation);
}
