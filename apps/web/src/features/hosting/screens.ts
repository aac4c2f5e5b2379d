import { dataFrom, firstData, infoAccount, type Screens } from '../../app/screen.ts';
import { customerQuery } from '../../app/shared-queries.ts';

const api = () => import('./api.ts');

/** Screens of the hosting area, loaded lazily, with their first data (for the account shown, `useInfoAccount`). */
export const hostingScreens: Screens = {
  websites: {
    load: () => import('./websites-page.tsx'),
    data: dataFrom(api, async (api, ctx) => {
      const { account } = await infoAccount(ctx);
      return [ctx.client.ensureQueryData(api.websitesQuery(account))];
    }),
  },
  'edit-website': {
    load: () => import('./edit-website-page.tsx'),
    data: dataFrom(api, async (api, ctx) => {
      const { account, readOnly } = await infoAccount(ctx);
      const vid = ctx.params.vid ?? '';
      const details = ctx.client.ensureQueryData(api.virtDetailsQuery(account, vid));
      return [
        // The pending change is asked for once the details have come (edit-website-page.tsx).
        details.then(() => ctx.client.ensureQueryData(api.pendingChangeQuery(account, vid))),
        ...(readOnly ? [] : [ctx.client.ensureQueryData(api.phpVersionsQuery)]),
      ];
    }),
  },
  showlogs: {
    load: () => import('./showlogs-page.tsx'),
    // The account's summary (its uid names the log); the log itself is polled by the page.
    data: async (ctx) =>
      firstData(ctx.client.ensureQueryData(customerQuery((await infoAccount(ctx)).account))),
  },
  webappinstall: {
    load: () => import('./webappinstall-page.tsx'),
    data: dataFrom(api, async (api, ctx) => {
      const { account, readOnly } = await infoAccount(ctx);
      return [
        ctx.client.ensureQueryData(api.pendingInstallsQuery(account)),
        ...(readOnly
          ? []
          : [
              ctx.client.ensureQueryData(api.appListQuery),
              ctx.client.ensureQueryData(api.nondevWebsitesQuery(account)),
            ]),
      ];
    }),
  },
  devsites: {
    load: () => import('./devsites-page.tsx'),
    data: dataFrom(api, async (api, ctx) => {
      const { account } = await infoAccount(ctx);
      return [ctx.client.ensureQueryData(api.devsitesQuery(account))];
    }),
  },
  'devsite-info': {
    load: () => import('./devsite-info-page.tsx'),
    data: dataFrom(api, async (api, ctx) => {
      const { account } = await infoAccount(ctx);
      return [ctx.client.ensureQueryData(api.devsiteQuery(account, ctx.params.vid ?? ''))];
    }),
  },
  'create-devsite': {
    load: () => import('./create-devsite-page.tsx'),
    data: dataFrom(api, async (api, ctx) => {
      const { account, readOnly } = await infoAccount(ctx);
      return readOnly ? [] : [ctx.client.ensureQueryData(api.nondevWebsitesQuery(account))];
    }),
  },
  databases: {
    load: () => import('./databases-page.tsx'),
    data: dataFrom(api, async (api, ctx) => {
      const { account } = await infoAccount(ctx);
      return [ctx.client.ensureQueryData(api.databasesQuery(account))];
    }),
  },
};
