import { Button } from '@mantine/core';
import type { LoginData } from '@portal/contract/session/calls';
import {
  type StaffSignInError,
  staffSignInErrorText,
  staffSignInText,
} from '@portal/contract/staff-sign-in/refs';
import { STAFF_SIGN_IN_FINISH, STAFF_SIGN_IN_OPTIONS } from '@portal/contract/staff-sign-in/typed-refs';
import { commonText } from '@portal/contract/messages';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { call, failureText, SecondFactorNeeded } from '../../app/api.ts';
import { useStatus } from '../../app/status.ts';
import { loginText } from '@portal/contract/shell/messages';
import { t } from '../../app/language.ts';

type Answer = z.infer<typeof LoginData>;

/**
 * "Sign in with <directory>" for staff, when the portal has a staff directory (PORTAL_STAFF_OIDC_*,
 * docs/decisions/052-staff-directory-sign-in.md): the button goes to the server's start, which
 * sends the browser to the directory; the directory's answer comes back to this page as
 * `#staff-sign-in=<hand-off>` (traded here for the session) or `#staff-sign-in-error=<code>`.
 */
export function DirectorySignIn({
  onSignedIn,
  onSecondFactor,
}: {
  onSignedIn: (answer: Answer) => void;
  onSecondFactor: (challenge: SecondFactorNeeded) => void;
}) {
  const showStatus = useStatus();
  const [offer, setOffer] = useState<{ name: string; url: string } | null>(null);
  const [pending, setPending] = useState(false);
  const handlers = useRef({ onSignedIn, onSecondFactor, showStatus });
  handlers.current = { onSignedIn, onSecondFactor, showStatus };

  useEffect(() => {
    let live = true;
    call(STAFF_SIGN_IN_OPTIONS)
      .then((res) => {
        if (live && res.data.enabled) setOffer({ name: res.data.name, url: res.data.start_url });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  // The directory's answer, once: the fragment is removed from the address (and the history) first.
  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const handoff = fragment.get('staff-sign-in');
    const error = fragment.get('staff-sign-in-error') as StaffSignInError | null;
    if (!handoff && !error) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    const h = handlers.current;
    if (error) {
      h.showStatus({
        title: t(commonText).loginFailedTitle,
        body: staffSignInErrorText(t(staffSignInText), error),
        alert: 'serious',
      });
      return;
    }
    setPending(true);
    call(STAFF_SIGN_IN_FINISH, { body: { handoff: handoff ?? '' } })
      .then((res) => handlers.current.onSignedIn(res.data))
      .catch((err) => {
        if (err instanceof SecondFactorNeeded) handlers.current.onSecondFactor(err);
        else
          handlers.current.showStatus({
            title: t(commonText).loginFailedTitle,
            body: failureText(err),
            alert: 'serious',
          });
      })
      .finally(() => setPending(false));
  }, []);

  if (!offer) return null;
  return (
    <Button component="a" href={offer.url} variant="default" loading={pending}>
      {t(loginText).signInWith(offer.name)}
    </Button>
  );
}
