import type { Screen, Screens } from '../../app/screen.ts';

/** Home (two addresses, one screen); its first data is listed with it (home-page.tsx `homeData`). */
const Home: Screen = {
  load: () => import('./home-page.tsx'),
  data: async (ctx) => (await import('./home-page.tsx')).homeData(ctx),
};

/** Screens of the shell, loaded lazily. */
export const shellScreens: Screens = {
  home: Home,
  'home-alias': Home,
  thankyou: { load: () => import('./thankyou-page.tsx') },
  quickref: { load: () => import('./quickref-page.tsx') },
  searchwiki: { load: () => import('./searchwiki-page.tsx') },
  'account-info': { load: () => import('./account-info-page.tsx') },
  unimplemented: { load: () => import('./unimplemented-page.tsx') },
};
