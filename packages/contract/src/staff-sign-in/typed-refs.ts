import type * as C from './calls.ts';
import * as R from './refs.ts';
import { ref } from '../ref.ts';

/** The staff-sign-in calls' references with their definitions' types (docs/decisions/059-type-gaps.md). */
export const STAFF_SIGN_IN_OPTIONS = ref<typeof C.staffSignInOptions>(R.STAFF_SIGN_IN_OPTIONS);
export const STAFF_SIGN_IN_FINISH = ref<typeof C.staffSignInFinish>(R.STAFF_SIGN_IN_FINISH);
