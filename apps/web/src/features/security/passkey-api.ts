import { passkeyText } from '@portal/contract/security/passkey-messages';
import * as P from '@portal/contract/security/passkeys';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { type CallMutationConfig, useCallMutation } from '../../app/call-mutation.ts';
import { type Answered, type MutationConfig, useInvalidatingMutation } from '../../app/mutation.ts';
import { ceremonyText, createPasskey } from '../../ui/webauthn.ts';

/** The passkeys of `logname` (the Security screen's Passkeys panel). */
export const passkeysQuery = (logname: string) =>
  queryOptions({
    queryKey: [P.passkeys.path, logname],
    queryFn: () => call(P.passkeys, { params: { logname } }).then((r) => r.data.passkeys),
    enabled: !!logname,
  });

// Mutations, next to the query they change (app/mutation.ts): each changes the account's passkeys.

/** What adding a passkey takes: the account, the name given (a default when empty) and the password. */
export interface NewPasskey {
  logname: string;
  name: string;
  password: string;
}

/**
 * Adds a passkey: the server's options, the browser's ceremony (its failure said in words), then
 * the registration.
 */
export const useAddPasskey = (config?: MutationConfig<Answered<typeof P.passkeyRegister>, NewPasskey>) =>
  useInvalidatingMutation(
    async ({ logname, name, password }: NewPasskey) => {
      const options = await call(P.passkeyRegisterOptions, { body: { logname } });
      let response: Awaited<ReturnType<typeof createPasskey>>;
      try {
        response = await createPasskey(options.data);
      } catch (err) {
        throw new Error(ceremonyText(err));
      }
      return call(P.passkeyRegister, {
        body: { logname, name: name.trim() || passkeyText.defaultName, response, password },
      });
    },
    (_res, vars) => [passkeysQuery(vars.logname).queryKey],
    config,
  );

/** Renames a passkey. */
export const useRenamePasskey = (config?: CallMutationConfig<typeof P.renamePasskey>) =>
  useCallMutation(P.renamePasskey, (_res, body) => [passkeysQuery(body.logname).queryKey], config);

/** Removes a passkey (with the password). */
export const useDeletePasskey = (config?: CallMutationConfig<typeof P.deletePasskey>) =>
  useCallMutation(P.deletePasskey, (_res, body) => [passkeysQuery(body.logname).queryKey], config);
