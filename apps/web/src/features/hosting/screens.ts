import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

/** Screens of the hosting area, loaded lazily. */
export const hostingScreens: Screens = {
  websites: lazy(() => import('./websites-page.tsx')),
  'edit-website': lazy(() => import('./edit-website-page.tsx')),
  showlogs: lazy(() => import('./showlogs-page.tsx')),
  webappinstall: lazy(() => import('./webappinstall-page.tsx')),
  devsites: lazy(() => import('./devsites-page.tsx')),
  'devsite-info': lazy(() => import('./devsite-info-page.tsx')),
  'create-devsite': lazy(() => import('./create-devsite-page.tsx')),
  databases: lazy(() => import('./databases-page.tsx')),
};
