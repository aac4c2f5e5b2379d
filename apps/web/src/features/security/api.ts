import * as C from '@portal/contract/security/second-factor';
import { useSession } from '../../app/session.ts';
import * as A from '@portal/contract/security/activity';
import * as S from '@portal/contract/security/session-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { type CallMutationConfig, useCallMutation } from '../../app/call-mutation.ts';

/** Fetchers and query options of the Security and Account activity screens; keys start with the call path. */

export const sessionsQuery = (logname: string) =>
  queryOptions({
    queryKey: [S.listSessions.path, logname],
    queryFn: () => call(S.listSessions, { params: { logname } }).then((r) => r.data.sessions),
  });

export const signInsQuery = (logname: string) =>
  queryOptions({
    queryKey: [S.listSignIns.path, logname],
    queryFn: () => call(S.listSignIns, { params: { logname } }).then((r) => r.data.sign_ins),
  });

export const activityQuery = (logname: string, q: string, page: number) =>
  queryOptions({
    queryKey: [A.accountActivity.path, logname, q, page],
    queryFn: () => call(A.accountActivity, { params: { logname }, query: { q, page } }).then((r) => r.data),
    // The page shown stays while the next one loads: the list does not jump while typing.
    placeholderData: keepPreviousData,
  });

/**
 * ISO date-time → YYYY-MM-DD HH:mm in the browser's zone: the one form of a time on the Security
 * screen (and Account Activity); a date alone is its first ten characters (`date`).
 */
export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** ISO date-time → YYYY-MM-DD in the browser's zone, the date of `dateTime`. */
export const date = (iso: string): string => dateTime(iso).slice(0, 10);

/** The account's second factor, keyed by the account so a staff account switch reloads. */
export const secondFactorQuery = (logname: string) =>
  queryOptions({
    queryKey: [C.secondFactor.path, logname],
    queryFn: () => call(C.secondFactor, { params: { logname } }).then((r) => r.data),
    retry: false,
  });

/**
 * Who the Security screen is for: the account shown (the staff member's customer, or oneself) and
 * whether the person at the keyboard may change its second factor (their own only: staff read).
 */
export function useSecurityTarget() {
  const { currentUser, operator, staff } = useSession();
  const state = useQuery(secondFactorQuery(currentUser));
  return { account: currentUser, own: currentUser === operator, staff, state };
}

// Mutations, next to the queries they change (app/mutation.ts).

type SecondFactorCall =
  | typeof C.totpConfirm
  | typeof C.totpDisable
  | typeof C.recoveryCodes
  | typeof C.removeSecondFactor;

/** A change of the account's second factor: its state (on or off, codes left) changes. */
const secondFactorChange =
  <K extends SecondFactorCall>(def: K) =>
  (config?: CallMutationConfig<K>) =>
    useCallMutation(def, (_res, body) => [secondFactorQuery(body.logname).queryKey], config);

/** Turns the authenticator on with the app's first code; the answer holds the recovery codes. */
export const useTotpConfirm = secondFactorChange(C.totpConfirm);
/** Turns the authenticator off (password and a code). */
export const useTotpDisable = secondFactorChange(C.totpDisable);
/** New recovery codes, which void the old ones. */
export const useNewRecoveryCodes = secondFactorChange(C.recoveryCodes);
/** Staff remove a customer's second factor. */
export const useRemoveSecondFactor = secondFactorChange(C.removeSecondFactor);

/** Ends sessions of the account: its sessions and its sign-ins (which show whether each is live) change. */
const sessionsChange =
  <K extends typeof S.endSession | typeof S.endOtherSessions>(def: K) =>
  (config?: CallMutationConfig<K>) =>
    useCallMutation(
      def,
      (_res, body) => [sessionsQuery(body.logname).queryKey, signInsQuery(body.logname).queryKey],
      config,
    );

/** Ends one session of the account. */
export const useEndSession = sessionsChange(S.endSession);
/** Ends every session of the account but this browser's. */
export const useEndOtherSessions = sessionsChange(S.endOtherSessions);
