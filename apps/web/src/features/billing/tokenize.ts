import { CARD_TOKENIZER } from '@portal/contract/billing/typed-refs';
import type * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, call } from '../../app/api.ts';
import { session } from '../../app/session.ts';
import { t } from '../../app/language.ts';

/**
 * Tokenising a card in the browser (docs/decisions/019-card-tokens.md): the number and
 * the CVV go to the gateway's own script — Authorize.Net's Accept.js from its host, or the embedded
 * sandbox's script — and the portal's API gets only the one-time token (`opaque_data`). Both
 * scripts answer the same call, `Accept.dispatchData({ authData, cardData }, callback)`.
 */

interface AcceptResponse {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages: { resultCode: 'Ok' | 'Error'; message: { code: string; text: string }[] };
}
interface AcceptLib {
  dispatchData(
    secureData: {
      authData: { clientKey: string; apiLoginID: string };
      cardData: { cardNumber: string; month: string; year: string; cardCode: string };
    },
    callback: (response: AcceptResponse) => void,
  ): void;
}
declare global {
  interface Window {
    Accept?: AcceptLib;
  }
}

/** Which script tokenises cards here: GET /api/card-tokenizer, once per session. */
export const tokenizerQuery = () =>
  queryOptions({
    queryKey: [CARD_TOKENIZER.path],
    queryFn: () => call(CARD_TOKENIZER).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

const loaded = new Map<string, Promise<AcceptLib>>();
/** Adds the gateway's script to the page once (the CSP allows exactly its host). */
function loadScript(src: string): Promise<AcceptLib> {
  let p = loaded.get(src);
  if (!p) {
    p = new Promise<AcceptLib>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => (window.Accept ? resolve(window.Accept) : reject(new Error('no Accept')));
      script.onerror = () => reject(new Error('not loaded'));
      document.head.appendChild(script);
    });
    // A failed load is tried again at the next submit.
    p.catch(() => loaded.delete(src));
    loaded.set(src, p);
  }
  return p;
}

export interface CardSecrets {
  ccnumber: string;
  /** MMYY (a slash allowed). */
  expdate: string;
  cvv: string;
}

const refusal = (message: string) => new ApiError('refused', message, 400);

/**
 * The card → `opaque_data` for the API. Failures are refusals (nothing was sent to the portal,
 * nothing charged) with the gateway's text, so the forms show them like any refused call.
 */
export async function tokenizeCard(
  tokenizer: C.CardTokenizer,
  account: string,
  card: CardSecrets,
): Promise<C.OpaqueData> {
  let accept: AcceptLib;
  try {
    accept = await loadScript(tokenizer.script);
  } catch {
    throw refusal(t(billingText).tokenizeFailed);
  }
  const exp = card.expdate.replace(/[\s/]/g, '');
  // Accept.js authenticates with the public client key; the sandbox's script with the session
  // (its tokens are made for the account being paid).
  const authData =
    tokenizer.kind === 'accept-js'
      ? { clientKey: tokenizer.client_key, apiLoginID: tokenizer.api_login_id }
      : { clientKey: session.get().jwt ?? '', apiLoginID: account };
  const cardData = {
    cardNumber: card.ccnumber.replace(/[\s-]/g, ''),
    month: exp.slice(0, 2),
    year: exp.slice(2, 4),
    cardCode: card.cvv.trim(),
  };
  return new Promise((resolve, reject) => {
    accept.dispatchData({ authData, cardData }, (res) => {
      const o = res.opaqueData;
      if (res.messages.resultCode === 'Ok' && o) {
        resolve({ descriptor: o.dataDescriptor, value: o.dataValue });
        return;
      }
      const text = res.messages.message.map((m) => m.text).join(' ');
      reject(refusal(text || t(billingText).tokenizeFailed));
    });
  });
}

/**
 * The card forms' tokeniser: asks which script early (so it is known before the submit) and
 * answers a function that turns the typed card into `opaque_data`.
 */
export function useCardTokenizer(account: string): (card: CardSecrets) => Promise<C.OpaqueData> {
  const tokenizer = useQuery(tokenizerQuery());
  const { refetch } = tokenizer;
  return useCallback(
    async (card: CardSecrets) => {
      const info = tokenizer.data ?? (await refetch()).data;
      if (!info) throw refusal(t(billingText).tokenizeFailed);
      return tokenizeCard(info, account, card);
    },
    [tokenizer.data, refetch, account],
  );
}
