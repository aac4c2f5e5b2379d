import { lazy } from 'react';
import type { Screens } from '../../app/screens.ts';

export const shellScreens: Screens = {
  home: lazy(() => import('./home-page.tsx')),
  'home-alias': lazy(() => import('./home-page.tsx')),
  thankyou: lazy(() => import('./thankyou-page.tsx')),
  quickref: lazy(() => import('./quickref-page.tsx')),
  searchwiki: lazy(() => import('./searchwiki-page.tsx')),
  'account-info': lazy(() => import('./account-info-page.tsx')),
  unimplemented: lazy(() => import('./unimplemented-page.tsx')),
};
