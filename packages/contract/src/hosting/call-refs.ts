/**
 * Method, path and token rule of the hosting reads that home's overview makes (the websites and
 * their pending changes), without their schemas: home shows without loading zod. calls.ts builds
 * the full definitions from these.
 */

export const COMPRESSED_WEBSITES = {
  method: 'GET',
  path: '/api/compressed-websites/:user',
  token: true,
} as const;
