import type * as C from './calls.ts';
import * as R from './call-refs.ts';
import { ref } from '../ref.ts';

/** The session calls' references with their definitions' types (docs/decisions/059-type-gaps.md). */
export const URLS = ref<typeof C.urls>(R.URLS);
export const USER_MODE = ref<typeof C.userMode>(R.USER_MODE);
export const SET_LANGUAGE = ref<typeof C.setLanguage>(R.SET_LANGUAGE);
export const ACCOUNT_ROLE = ref<typeof C.accountRole>(R.ACCOUNT_ROLE);
export const CUSTOMER = ref<typeof C.customer>(R.CUSTOMER);
export const NETWORK_STATUS = ref<typeof C.networkStatus>(R.NETWORK_STATUS);
export const POPUP_NOTE = ref<typeof C.popupNote>(R.POPUP_NOTE);
export const LOOKUP_LOGNAME_UID = ref<typeof C.lookupLognameUid>(R.LOOKUP_LOGNAME_UID);
export const SEARCH_ACCOUNTS = ref<typeof C.searchAccounts>(R.SEARCH_ACCOUNTS);
