import * as C from '@portal/contract/billing/calls';
import type { BodyOf } from '@portal/contract/http';
import { call } from '../../app/api.ts';
import { type CallMutationConfig, useCallMutation } from '../../app/call-mutation.ts';
import { type Answered, type MutationConfig, useInvalidatingMutation } from '../../app/mutation.ts';
import { accountBillingKeys } from './api.ts';
import { type CardSecrets, useCardTokenizer } from './tokenize.ts';

/**
 * The card mutations of Add/Edit Credit Card, next to the queries they change (app/mutation.ts).
 * A module of their own: they make the calls by their full definitions (zod), which api.ts keeps
 * out of Make Payment's chunk. Each changes what the account's billing screens show.
 */

/** A new card: the typed secrets (tokenised in the browser, never sent) and the rest of the body. */
export interface NewCard {
  secrets: CardSecrets;
  body: Omit<BodyOf<typeof C.addCard>, 'opaque_data'>;
}

/** Adds a card: the number and CVV go to the gateway's script only; the portal gets a one-time token. */
export function useAddCard(account: string, config?: MutationConfig<Answered<typeof C.addCard>, NewCard>) {
  const tokenize = useCardTokenizer(account);
  return useInvalidatingMutation(
    async ({ secrets, body }: NewCard) => {
      const opaque_data = await tokenize(secrets);
      return call(C.addCard, { body: { ...body, opaque_data } as BodyOf<typeof C.addCard> });
    },
    (_res, { body }) => accountBillingKeys(body.account),
    config,
  );
}

/** Changes a stored card (expiry, auto-billing, billing address). */
export const useUpdateCard = (config?: CallMutationConfig<typeof C.updateCard>) =>
  useCallMutation(C.updateCard, (_res, body) => accountBillingKeys(body.account), config);

/** Deletes a stored card. */
export const useDeleteCard = (config?: CallMutationConfig<typeof C.deleteCard>) =>
  useCallMutation(C.deleteCard, (_res, body) => accountBillingKeys(body.account), config);
