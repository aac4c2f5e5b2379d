/**
 * Field names whose values are secrets: credentials, tokens, card data and the texts the staff
 * tools hash or check. The one list for both the request log (pino's redaction, below) and the
 * audit log (`redact()` in route.ts); redact.test.ts fails when a contract body field that looks
 * like a secret is not in it.
 */
export const SECRET_FIELDS = [
  // sign-in and password changes
  'password',
  'panel_password',
  'old_password',
  'new_password',
  'conf_password',
  'new',
  'confirm',
  // tokens: the session token, reset and confirmation links
  'id_token',
  'reset_token',
  'token',
  // second factor: a code, the sign-in's mfa_token, the authenticator's secret and the
  // recovery codes shown once
  'code',
  'mfa_token',
  'secret',
  'otpauth_url',
  'recovery_codes',
  // card data (never stored; see docs/integrations/payments.md)
  'ccnumber',
  'cvv',
  // a card token (docs/decisions/019-card-tokens.md): single-use, but as good as the card until used
  'opaque_data',
  // staff tools: cleartext to hash, a password to check against the breach index
  'cleartext',
  'item',
  // request headers
  'authorization',
  'cookie',
] as const;

const SECRET = new Set<string>(SECRET_FIELDS);
export const isSecretField = (name: string): boolean => SECRET.has(name.toLowerCase());

/**
 * pino redaction paths: each secret field at the top of a log line's object and up to two levels
 * down (`{ body: { password } }`, `{ payload: { data: { id_token } } }`), and the request headers.
 */
export const LOG_REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** Body fields for the audit log, without secrets or card data. */
export function redact(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, isSecretField(k) ? '[redacted]' : v]),
  );
}

/**
 * Paths whose `:token` segment is a credential: the one-time links the portal mails (the pages of
 * the SPA under /portal/ and the API's link pages). redact.test.ts fails when a call or a page of
 * the contract has a secret path parameter that is not here.
 */
export const SECRET_PATHS = [
  '/portal/reset-panel-password/:token',
  '/portal/reset-email-password/:token',
  '/api/confirm-address/:token',
  '/api/subscribe-portal/confirm/:token',
] as const;

/** The literal segments before each secret one, e.g. `/confirm-address/`, matched anywhere in a path. */
const SECRET_SEGMENT = new RegExp(
  `(${SECRET_PATHS.map((p) =>
    p
      .slice(0, p.lastIndexOf('/:'))
      .replace(/^\/(portal|api)/, '')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  ).join('|')})/+[^/?#]*`,
  'gi',
);

/**
 * A request's URL as the request log writes it: the token segment of a mailed link and the value
 * of every query parameter (the signed error-log link, any other) replaced by `[redacted]`. The
 * names of the query parameters stay, so the line still tells what was asked.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_SEGMENT, '$1/[redacted]');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? (part ? '[redacted]' : part) : `${part.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${path}?${query}`;
}
