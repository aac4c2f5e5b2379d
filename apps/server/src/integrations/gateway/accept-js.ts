/**
 * Where the browser gets Authorize.Net's Accept.js, by API endpoint: production (api.authorize.net)
 * uses js.authorize.net, any other endpoint (apitest.authorize.net, a local fake) its test twin.
 * Accept.js posts the card from the browser to the matching API host (api2 / apitest), never to
 * the portal. These are the only hosts the CSP adds (docs/decisions/019-card-tokens.md).
 */
export interface AcceptJsHosts {
  /** The script's URL. */
  script: string;
  /** Its origin: the CSP's script-src and frame-src. */
  scriptOrigin: string;
  /** The origin Accept.js posts the card to: the CSP's connect-src. */
  apiOrigin: string;
}

const PRODUCTION_API = new Set(['api.authorize.net', 'api2.authorize.net']);

export function acceptJsHosts(endpoint: string): AcceptJsHosts {
  const production = PRODUCTION_API.has(new URL(endpoint).hostname);
  const scriptOrigin = production ? 'https://js.authorize.net' : 'https://jstest.authorize.net';
  return {
    script: `${scriptOrigin}/v1/Accept.js`,
    scriptOrigin,
    apiOrigin: production ? 'https://api2.authorize.net' : 'https://apitest.authorize.net',
  };
}
