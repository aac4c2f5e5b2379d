/** The route table (paths under the /portal/ base). `public` routes render without login. */
export type Area =
  | 'shell'
  | 'account'
  | 'billing'
  | 'domains'
  | 'mail'
  | 'hosting'
  | 'admin'
  | 'tools'
  | 'security';
export interface RouteDef {
  name: string;
  path: string;
  area: Area;
  public?: boolean;
}

export const ROUTES = [
  { name: 'thankyou', path: '/thankyou', area: 'shell', public: true },
  { name: 'home', path: '/', area: 'shell', public: true },
  { name: 'home-alias', path: '/home', area: 'shell', public: true },
  { name: 'unimplemented', path: '/unimplemented', area: 'shell' },
  { name: 'searchwiki', path: '/searchwiki', area: 'shell' },
  { name: 'quickref', path: '/quickref', area: 'shell', public: true },
  { name: 'account-info', path: '/account-info', area: 'shell' },
  { name: 'add-webhosting', path: '/add-webhosting', area: 'account' },
  { name: 'add-secondaries', path: '/add-secondaries', area: 'account' },
  { name: 'secondaries', path: '/secondaries', area: 'admin' },
  { name: 'sec-passwords', path: '/sec-passwords', area: 'admin' },
  { name: 'coworking-prods', path: '/coworking-prods', area: 'billing' },
  { name: 'contacts', path: '/contacts', area: 'admin' },
  { name: 'add-tc-contact', path: '/add-tc-contact', area: 'admin' },
  { name: 'edit-tc-contact', path: '/edit-tc-contact/:tcid', area: 'admin' },
  { name: 'circuit-list', path: '/circuit-list', area: 'admin' },
  { name: 'ba-list', path: '/ba-list', area: 'admin' },
  { name: 'change-email-password', path: '/change-email-password', area: 'account' },
  { name: 'change-panel-password', path: '/change-panel-password', area: 'account' },
  { name: 'reset-panel-password', path: '/reset-panel-password/:token', area: 'account', public: true },
  { name: 'reset-email-password', path: '/reset-email-password/:token', area: 'account', public: true },
  { name: 'request-email-reset', path: '/request-email-reset', area: 'account', public: true },
  { name: 'request-panel-reset', path: '/request-panel-reset', area: 'account', public: true },
  { name: 'change-stmt-delivery', path: '/change-stmt-delivery', area: 'account' },
  { name: 'send-auth-msg', path: '/send-auth-msg', area: 'mail' },
  { name: 'subscribe-portal', path: '/subscribe-portal', area: 'mail' },
  { name: 'auto-responder', path: '/auto-responder', area: 'mail' },
  { name: 'disk-usage', path: '/disk-usage', area: 'mail' },
  { name: 'domain-registration', path: '/domain-registration', area: 'domains' },
  { name: 'domain-registration-help', path: '/domain-registration-help', area: 'domains' },
  { name: 'domain-list', path: '/domain-list', area: 'domains' },
  { name: 'renew-domains', path: '/renew-domains', area: 'domains' },
  { name: 'domain-permissions', path: '/domain-permissions', area: 'domains' },
  { name: 'remove-permissions', path: '/remove-permissions', area: 'domains' },
  { name: 'domain-usage', path: '/domain-usage', area: 'domains' },
  { name: 'domain-renewal', path: '/domain-renewal/:domain', area: 'domains' },
  { name: 'email-aliases', path: '/email-aliases/:domain?', area: 'mail' },
  { name: 'update-email-alias', path: '/update-mail-alias/:domain/:src', area: 'mail' },
  { name: 'create-email-alias', path: '/create-mail-alias/:src_domain', area: 'mail' },
  { name: 'edit-cc', path: '/edit-cc', area: 'billing' },
  { name: 'billing-addr', path: '/billing-addr', area: 'account' },
  { name: 'account-addr', path: '/account-addr', area: 'account' },
  { name: 'make-payment', path: '/make-payment', area: 'billing' },
  { name: 'pay-form', path: '/pay-form', area: 'billing' },
  { name: 'cowork-pay-form', path: '/cowork-pay-form', area: 'billing' },
  { name: 'permissions', path: '/permissions/:domain', area: 'domains' },
  { name: 'edit-domain', path: '/edit-domain/:domain', area: 'domains' },
  { name: 'edit-temp-email', path: '/edit-temp-email/:alias', area: 'mail' },
  { name: 'websites', path: '/websites', area: 'hosting' },
  { name: 'edit-website', path: '/edit-website/:vid', area: 'hosting' },
  { name: 'webappinstall', path: '/webappinstall', area: 'hosting' },
  { name: 'devsite-info', path: '/devsite-info/:vid', area: 'hosting' },
  { name: 'devsites', path: '/devsites', area: 'hosting' },
  { name: 'create-devsite', path: '/create-devsite', area: 'hosting' },
  { name: 'databases', path: '/databases', area: 'hosting' },
  { name: 'dom-help', path: '/dom-help', area: 'domains' },
  { name: 'dom-faq', path: '/dom-faq', area: 'domains' },
  { name: 'temp-email', path: '/temp-email', area: 'mail' },
  { name: 'temp-email-faq', path: '/temp-email-faq', area: 'mail' },
  { name: 'recovery-contacts', path: '/recovery-contacts', area: 'mail' },
  { name: 'invoices', path: '/invoices', area: 'billing' },
  { name: 'recent-payments', path: '/recent-payments', area: 'billing' },
  { name: 'view-invoice', path: '/view-invoice/:invoice', area: 'billing' },
  // Beyond the spec: one payment's receipt, opened from its Recent Payments row.
  { name: 'payment-receipt', path: '/payment-receipt/:trans_id', area: 'billing' },
  { name: 'pwned', path: '/pwned', area: 'tools' },
  { name: 'md5', path: '/md5', area: 'tools' },
  { name: 'base64', path: '/bas64', area: 'tools' },
  { name: 'unix-time', path: '/unix-time', area: 'tools' },
  { name: 'generate-passwords', path: '/generate-passwords', area: 'tools' },
  { name: 'faq-test', path: '/faq-test', area: 'tools' },
  { name: 'api-reference', path: '/api-reference', area: 'tools' },
  { name: 'api-tokens', path: '/api-tokens', area: 'account' },
  // Beyond the spec: app passwords for mail (docs/mail-servers-passwords.md).
  { name: 'mail-app-passwords', path: '/mail-app-passwords', area: 'account' },
  // Beyond the spec: where each category of customer mail goes (docs/decisions/055-notification-preferences.md).
  { name: 'notifications', path: '/notifications', area: 'account' },
  { name: 'whois', path: '/whois/:domain', area: 'domains' },
  { name: 'showlogs', path: '/showlogs/:virtname/:vid', area: 'hosting' },
  { name: 'mailing-lists', path: '/mailing-lists', area: 'mail' },
  // Beyond the spec: the account's second factor, passkeys, sessions, sign-ins and activity.
  { name: 'security', path: '/security', area: 'security' },
  { name: 'account-activity', path: '/account-activity', area: 'security' },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

/** Builds a client path for a route name, e.g. `routePath('whois', {domain: 'x.com'})`. */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  const def = ROUTES.find((r) => r.name === name);
  if (!def) throw new Error(`unknown route ${name}`);
  return (
    def.path
      .replace(/:(\w+)\??/g, (_m, key: string) =>
        params[key] === undefined ? '' : encodeURIComponent(String(params[key])),
      )
      .replace(/\/+$/, '') || '/'
  );
}
