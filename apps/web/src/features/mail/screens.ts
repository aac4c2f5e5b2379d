import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

/** Screens of the mail area, loaded lazily. */
export const mailScreens: Screens = {
  'send-auth-msg': lazy(() => import('./send-auth-msg-page.tsx')),
  'subscribe-portal': lazy(() => import('./subscribe-portal-page.tsx')),
  'auto-responder': lazy(() => import('./auto-responder-page.tsx')),
  'disk-usage': lazy(() => import('./disk-usage-page.tsx')),
  'email-aliases': lazy(() => import('./email-aliases-page.tsx')),
  'create-email-alias': lazy(() => import('./create-alias-page.tsx')),
  'update-email-alias': lazy(() => import('./update-alias-page.tsx')),
  'temp-email': lazy(() => import('./temp-email-page.tsx')),
  'edit-temp-email': lazy(() => import('./edit-temp-email-page.tsx')),
  'temp-email-faq': lazy(() => import('./temp-email-faq-page.tsx')),
  'recovery-contacts': lazy(() => import('./recovery-contacts-page.tsx')),
  'mailing-lists': lazy(() => import('./mailing-lists-page.tsx')),
};
