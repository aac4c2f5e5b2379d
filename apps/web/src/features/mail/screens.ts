import { dataFrom, infoAccount, type Screens } from '../../app/screen.ts';

const api = () => import('./api.ts');

/** Screens of the mail area, loaded lazily, with their first data. */
export const mailScreens: Screens = {
  'send-auth-msg': { load: () => import('./send-auth-msg-page.tsx') },
  'subscribe-portal': { load: () => import('./subscribe-portal-page.tsx') },
  'auto-responder': { load: () => import('./auto-responder-page.tsx') },
  'disk-usage': {
    load: () => import('./disk-usage-page.tsx'),
    data: dataFrom(api, async (api, ctx) => [
      ctx.client.ensureQueryData(api.diskUsageQuery((await infoAccount(ctx)).account)),
    ]),
  },
  'email-aliases': {
    load: () => import('./email-aliases-page.tsx'),
    data: dataFrom(api, ({ aliasesQuery, domainCountsQuery }, { client, user, params }) => {
      const counts = client.ensureQueryData(domainCountsQuery(user));
      // The aliases of the domain in the address, once it is known to be one of the account's.
      const aliases = counts.then((list) =>
        params.domain && list.some((d) => d.domain === params.domain)
          ? client.ensureQueryData(aliasesQuery(params.domain))
          : undefined,
      );
      return [counts, aliases];
    }),
  },
  'create-email-alias': { load: () => import('./create-alias-page.tsx') },
  'update-email-alias': {
    load: () => import('./update-alias-page.tsx'),
    // The alias's targets (the catch-all is shown without them), not retried, as on the page.
    data: dataFrom(api, (api, { client, params }) =>
      params.src === '*'
        ? []
        : [
            client.ensureQueryData({
              ...api.aliasDestsQuery(params.domain ?? '', params.src ?? ''),
              retry: false,
            }),
          ],
    ),
  },
  'temp-email': {
    load: () => import('./temp-email-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [
      client.ensureQueryData(api.tempEmailsQuery(user)),
      client.ensureQueryData(api.expListQuery()),
    ]),
  },
  'edit-temp-email': {
    load: () => import('./edit-temp-email-page.tsx'),
    // The alias, then the expiry choices around its date (edit-temp-email-page.tsx).
    data: dataFrom(api, (api, { client, user, params }) => [
      client
        .ensureQueryData({ ...api.tempAliasQuery(params.alias ?? '', user), retry: false })
        .then((alias) => client.ensureQueryData(api.expListQuery(alias.expires))),
    ]),
  },
  'temp-email-faq': { load: () => import('./temp-email-faq-page.tsx') },
  'recovery-contacts': {
    load: () => import('./recovery-contacts-page.tsx'),
    data: dataFrom(api, (api, { client, user }) => [client.ensureQueryData(api.recoveryQuery(user))]),
  },
  'mailing-lists': {
    load: () => import('./mailing-lists-page.tsx'),
    data: dataFrom(api, async (api, ctx) => [
      ctx.client.ensureQueryData(api.mailingListsQuery((await infoAccount(ctx)).account)),
    ]),
  },
};
