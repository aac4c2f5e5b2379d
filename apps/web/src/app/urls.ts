import { URLS } from '@portal/contract/session/typed-refs';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api.ts';

/**
 * GET /api/urls (the portal's title, its external links, help-desk contacts): fetched once per
 * visit, for the signed-out shell's title as much as for the signed-in shell and the screens
 * (`useUrls`). Made from the call's reference, so the first screen loads no schemas for it.
 */
export const urlsQuery = queryOptions({
  queryKey: ['urls'],
  queryFn: () => call(URLS).then((r) => r.data),
  staleTime: Number.POSITIVE_INFINITY,
});
