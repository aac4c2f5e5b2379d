import { ref } from '../ref.ts';
import type * as C from './calls.ts';

/** The notices call's reference without its schemas: Home reads it (docs/decisions/059-type-gaps.md). */
export const NOTICES = ref<typeof C.getNotices>({
  method: 'GET',
  path: '/api/notices/:logname',
  token: true,
});
