import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

/** Screens of the security area (issue 18), loaded lazily. */
export const securityScreens: Screens = {
  security: lazy(() => import('./security-page.tsx')),
};
