import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

/** Screens of the tools area, loaded lazily. */
export const toolScreens: Screens = {
  md5: lazy(() => import('./md5-page.tsx')),
  base64: lazy(() => import('./base64-page.tsx')),
  'unix-time': lazy(() => import('./unix-time-page.tsx')),
  'generate-passwords': lazy(() => import('./generate-passwords-page.tsx')),
  pwned: lazy(() => import('./pwned-page.tsx')),
  'faq-test': lazy(() => import('./faq-test-page.tsx')),
  'api-reference': lazy(() => import('./api-reference-page.tsx')),
};
