import { firstData, type Screens } from '../../app/screen.ts';

/** Screens of the tools area, loaded lazily. */
export const toolScreens: Screens = {
  md5: { load: () => import('./md5-page.tsx') },
  base64: { load: () => import('./base64-page.tsx') },
  'unix-time': { load: () => import('./unix-time-page.tsx') },
  'generate-passwords': { load: () => import('./generate-passwords-page.tsx') },
  pwned: { load: () => import('./pwned-page.tsx') },
  'faq-test': { load: () => import('./faq-test-page.tsx') },
  'api-reference': {
    load: () => import('./api-reference-page.tsx'),
    // The API document; its query is the page's own (the page module is loaded with the screen anyway).
    data: async ({ client }) =>
      firstData(client.ensureQueryData((await import('./api-reference-page.tsx')).documentQuery)),
  },
};
