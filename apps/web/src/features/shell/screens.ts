import { dataFrom, firstData, infoAccount, type Screen, type Screens } from '../../app/screen.ts';
import { session } from '../../app/session.ts';
import { customerQuery } from '../../app/shared-queries.ts';

const api = () => import('./api.ts');

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
  quickref: {
    load: () => import('./quickref-page.tsx'),
    // Public: asked for as the visitor is (signed in, staff see internal rows too).
    data: dataFrom(api, (api, { client }) => [
      client.ensureQueryData(api.quickRefsQuery(session.get().loggedIn)),
    ]),
  },
  searchwiki: { load: () => import('./searchwiki-page.tsx') },
  'account-info': {
    load: () => import('./account-info-page.tsx'),
    // The summary of the account shown (a dashboard admin: its primary's), once the role is known.
    data: async (ctx) =>
      firstData(ctx.client.ensureQueryData(customerQuery((await infoAccount(ctx)).account))),
  },
  unimplemented: { load: () => import('./unimplemented-page.tsx') },
};
