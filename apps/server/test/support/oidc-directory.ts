import { createServer, type IncomingMessage, type Server } from 'node:http';
import Provider, { type Client } from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on a loopback port, standing in for the ISP's staff
 * directory in tests (docs/decisions/052-staff-directory-sign-in.md): users with passwords, a
 * `groups` claim and the `amr` their sign-in reports, changed by the test at any time (a user
 * leaving the group). Its sign-in and consent pages are plain forms, which the API tests post
 * (`walkToCallback`) and the browser test fills in.
 */

export interface DirectoryUser {
  password: string;
  groups: string[];
  /** What the sign-in reports in `amr` (e.g. ['pwd', 'otp'] for a second factor). */
  amr?: string[];
  email?: string;
}

export interface TestDirectory {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Keyed by the user name typed in the form, which is also the user's `sub` and preferred_username. */
  users: Map<string, DirectoryUser>;
  /** The lifetime of the ID tokens it issues, seconds (tests shorten it). */
  idTokenTtl: number;
  /** The portal's callback addresses: read when the directory answers its first request. */
  redirectUris: string[];
  /** The PORTAL_STAFF_OIDC_* settings of a portal (at `publicUrl`, when given) signing in with it. */
  env(publicUrl?: string): Record<string, string>;
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

export async function startDirectory(redirectUris: string[]): Promise<TestDirectory> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'members-portal';
  const clientSecret = 'members-portal-directory-secret-0123456789';
  const users = new Map<string, DirectoryUser>();
  const directory: TestDirectory = {
    issuer,
    clientId,
    clientSecret,
    users,
    idTokenTtl: 3600,
    redirectUris,
    env: (publicUrl) => ({
      ...(publicUrl ? { PORTAL_PUBLIC_URL: publicUrl } : {}),
      PORTAL_STAFF_OIDC_ISSUER: issuer,
      PORTAL_STAFF_OIDC_CLIENT_ID: clientId,
      PORTAL_STAFF_OIDC_CLIENT_SECRET: clientSecret,
      PORTAL_STAFF_OIDC_NAME: 'Example ISP Directory',
      PORTAL_STAFF_OIDC_SCOPES: 'openid profile email groups',
      PORTAL_STAFF_OIDC_INSECURE: 'on',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const makeProvider = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: directory.redirectUris,
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        },
      ],
      async findAccount(_ctx: unknown, sub: string) {
        const user = users.get(sub);
        if (!user) return undefined;
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            preferred_username: sub,
            given_name: sub.charAt(0).toUpperCase() + sub.slice(1),
            family_name: 'Directory',
            email: user.email ?? `${sub}@staff.example.net`,
            // Read at every token: a change by the test shows at the next refresh.
            groups: [...(users.get(sub)?.groups ?? [])],
          }),
        };
      },
      claims: {
        // amr with openid: Keycloak and Entra ID put it in every ID token.
        openid: ['sub', 'amr'],
        profile: ['preferred_username', 'given_name', 'family_name'],
        email: ['email'],
        groups: ['groups'],
      },
      scopes: ['openid', 'offline_access', 'profile', 'email', 'groups'],
      // The claims of the scopes go in the ID token itself, as Keycloak and Entra ID put them.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      issueRefreshToken: async (_ctx: unknown, client: Client) => client.grantTypeAllowed('refresh_token'),
      ttl: {
        IdToken: () => directory.idTokenTtl,
        AccessToken: 3600,
        AuthorizationCode: 600,
        RefreshToken: 86_400,
        Interaction: 3600,
        Session: 86_400,
        Grant: 86_400,
      },
      cookies: { keys: ['test-directory-cookie-key-0123456789'] },
    });
  // Made at the first request, when the test knows the portal's address (a browser test's portal
  // starts after the directory).
  let made: { provider: Provider; callback: ReturnType<Provider['callback']> } | null = null;
  server.on('request', async (req, res) => {
    if (!made) {
      const provider = makeProvider();
      made = { provider, callback: provider.callback() };
    }
    const { provider, callback } = made;
    const m = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!m) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const prompt = details.prompt.name;
      if (req.method === 'GET') {
        const fields =
          prompt === 'login'
            ? '<label>User <input name="login" autocomplete="username"></label><label>Password <input name="password" type="password"></label>'
            : '<p>Let the Members Portal read your profile and groups?</p>';
        res.setHeader('content-type', 'text/html');
        res.end(
          `<!doctype html><title>Example ISP Directory</title><h1>Example ISP Directory</h1><form method="post" action="/interaction/${escapeHtml(m[1] ?? '')}"><input type="hidden" name="prompt" value="${prompt}">${fields}<button type="submit">Continue</button></form>`,
        );
        return;
      }
      const form = await formBody(req);
      if (prompt === 'login') {
        const login = form.get('login') ?? '';
        const user = users.get(login);
        if (!user || user.password !== form.get('password')) {
          res.statusCode = 401;
          res.end('wrong user name or password');
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login, amr: user.amr ?? ['pwd'] } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({
            accountId: details.session?.accountId,
            clientId: String(details.params.client_id),
          });
      if (!grant) throw new Error('grant not found');
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  });
  return directory;
}

/** A browser's cookies for one site, enough for the directory's own (one host, paths ignored). */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(setCookie: string | string[] | undefined | null): void {
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const c of list) {
      const [pair = '', ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (gone || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/**
 * What a browser does at the directory from the portal's redirect to the directory's redirect back:
 * follows redirects, signs in on the login form, agrees on the consent form. Answers the URL the
 * directory sends the browser back to (the portal's callback, with `code` and `state`).
 */
export async function walkToCallback(
  authorizationUrl: string,
  user: { login: string; password: string },
  jar = new CookieJar(),
  stopAt = '/api/staff-sign-in/callback',
): Promise<string> {
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    if (new URL(url).pathname === stopAt) return url;
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    jar.take(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`directory answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    const form = new URLSearchParams();
    for (const [, name = '', value = ''] of html.matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
    ))
      form.set(name, value);
    if (html.includes('name="login"')) {
      form.set('login', user.login);
      form.set('password', user.password);
    }
    url = new URL(action, url).href;
    method = 'POST';
    body = form.toString();
  }
  throw new Error('too many steps at the directory');
}
