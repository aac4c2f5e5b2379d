import { Button } from '@mantine/core';
import type { LoginData } from '@portal/contract/session/calls';
import { passkeyText } from '@portal/contract/security/passkey-messages';
import { PASSKEY_LOGIN, PASSKEY_LOGIN_OPTIONS } from '@portal/contract/security/typed-refs';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { call, failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useStatus } from '../../app/status.ts';
import {
  cancelCeremony,
  hasPasskeyAutofill,
  hasWebAuthn,
  signWithPasskey,
  wasCancelled,
} from '../../ui/webauthn.ts';

type Answer = z.infer<typeof LoginData>;

/**
 * Sign-in with a passkey alone: the "Sign in with a passkey" button, and — where the
 * browser offers passkeys in the login name field's autofill (conditional mediation; the field says
 * `autocomplete="username webauthn"`) — a request that waits for the customer to pick one there.
 * Either answer goes to /api/passkey-login, which answers what the password sign-in does.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (answer: Answer) => void }) {
  const showStatus = useStatus();
  const [pending, setPending] = useState(false);
  const signedIn = useRef(onSignedIn);
  const waiting = useRef(false);
  // Whether the sign-in form is still shown: a request that outlives it (the password signed in
  // first) neither starts a browser ceremony nor reports anything on the next screen.
  const shown = useRef(true);
  signedIn.current = onSignedIn;
  // Its texts follow the page's language (the login screen's picker).
  useLanguage();

  /** One ceremony: options, the browser's passkey, the server's answer. */
  const ceremony = useCallback(async (autofill: boolean) => {
    // By reference: the sign-in screen loads no schemas for it (passkey-refs.ts).
    const options = await call(PASSKEY_LOGIN_OPTIONS, { body: {} });
    if (!shown.current) return;
    const response = await signWithPasskey(options.data, autofill);
    if (!shown.current) return;
    const res = await call(PASSKEY_LOGIN, { body: { response } });
    signedIn.current(res.data);
  }, []);

  const report = useCallback(
    (err: unknown) => {
      // Cancelled, timed out, or an autofill request the button replaced: nothing went wrong.
      if (wasCancelled(err) || !shown.current) return;
      showStatus({ title: t(passkeyText).signInFailed, body: failureText(err), alert: 'serious' });
    },
    [showStatus],
  );

  const startAutofill = useCallback(() => {
    void hasPasskeyAutofill().then((offered) => {
      if (!offered) return;
      waiting.current = true;
      // The autofill request is the browser's offer, not the customer's act: when it fails (a page
      // served from an address rather than a domain, no passkey chosen) nothing is said; the button
      // reports its own ceremony.
      ceremony(true)
        .catch(() => {})
        .finally(() => {
          waiting.current = false;
        });
    });
  }, [ceremony]);

  // A new ceremony (the button) ends the waiting request; so does leaving the sign-in form (signed
  // in with the password), which must not leave it to end a later ceremony's dialog.
  useEffect(() => {
    shown.current = true;
    startAutofill();
    return () => {
      shown.current = false;
      if (waiting.current) void cancelCeremony();
    };
  }, [startAutofill]);

  const click = async () => {
    if (!hasWebAuthn()) {
      showStatus({
        title: t(passkeyText).signInFailed,
        body: t(passkeyText).unsupported,
        alert: 'warning',
      });
      return;
    }
    setPending(true);
    try {
      await ceremony(false);
    } catch (err) {
      report(err);
      // The button's ceremony replaced the autofill request: offer it again.
      startAutofill();
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant="default" onClick={click} loading={pending}>
      {t(passkeyText).signInButton}
    </Button>
  );
}
