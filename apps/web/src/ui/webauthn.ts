import { passkeyText } from '@portal/contract/security/passkey-messages';
import { t } from '../app/language.ts';

/**
 * The browser's side of a WebAuthn ceremony (@simplewebauthn/browser, loaded when first needed:
 * the sign-in screen stays small). Failures become the texts a customer reads.
 */
const browser = () => import('@simplewebauthn/browser');

/** Whether this browser has the Web Authentication API at all (no library needed to ask). */
export const hasWebAuthn = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Whether the browser offers passkeys in a login name field's autofill (conditional mediation). */
export async function hasPasskeyAutofill(): Promise<boolean> {
  if (!hasWebAuthn()) return false;
  const available = window.PublicKeyCredential.isConditionalMediationAvailable;
  return typeof available === 'function'
    ? available.call(window.PublicKeyCredential).catch(() => false)
    : false;
}

/** Makes a passkey with the authenticator for registration options from the server. */
export async function createPasskey(optionsJSON: unknown) {
  const { startRegistration } = await browser();
  return startRegistration({
    optionsJSON: optionsJSON as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
}

/**
 * Signs a challenge with a passkey the customer picks: in a dialog, or (autofill) from the login
 * name field's suggestions, where the request waits until one is picked or another ceremony
 * (the button) replaces it.
 */
export async function signWithPasskey(optionsJSON: unknown, autofill = false) {
  const { startAuthentication } = await browser();
  return startAuthentication({
    optionsJSON: optionsJSON as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    useBrowserAutofill: autofill,
  });
}

/** Ends the ceremony under way (a waiting autofill request). */
export async function cancelCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await browser();
  WebAuthnAbortService.cancelCeremony();
}

/** A ceremony the customer or the page ended (cancelled, timed out, replaced): not worth a message. */
export function wasCancelled(err: unknown): boolean {
  const e = err as { name?: string; code?: string } | null;
  return e?.name === 'NotAllowedError' || e?.name === 'AbortError' || e?.code === 'ERROR_CEREMONY_ABORTED';
}

/** The text for a failed ceremony in the browser (the server's refusals carry their own). */
export function ceremonyText(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string } | null;
  if (!hasWebAuthn()) return t(passkeyText).unsupported;
  if (e?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || e?.name === 'InvalidStateError')
    return t(passkeyText).alreadyOnDevice;
  if (wasCancelled(err)) return t(passkeyText).cancelled;
  return e?.message || t(passkeyText).cancelled;
}
