import type * as P from './passkeys.ts';
import * as PR from './passkey-refs.ts';
import type * as S from './second-factor.ts';
import * as SR from './second-factor-refs.ts';
import { ref } from '../ref.ts';

/** The security calls' references with their definitions' types (docs/decisions/059-type-gaps.md). */
export const PASSKEY_LOGIN_OPTIONS = ref<typeof P.passkeyLoginOptions>(PR.PASSKEY_LOGIN_OPTIONS);
export const PASSKEY_LOGIN = ref<typeof P.passkeyLogin>(PR.PASSKEY_LOGIN);
export const SECOND_FACTOR = ref<typeof S.secondFactor>(SR.SECOND_FACTOR);
