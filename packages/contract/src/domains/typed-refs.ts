import type * as C from './calls.ts';
import * as R from './call-refs.ts';
import { ref } from '../ref.ts';

/** The domains calls' references with their definitions' types (docs/decisions/059-type-gaps.md). */
export const DOMAINS = ref<typeof C.domains>(R.DOMAINS);
export const DOMAIN_USAGE = ref<typeof C.domainUsage>(R.DOMAIN_USAGE);
export const TLD_PRICE_LIST = ref<typeof C.tldPriceList>(R.TLD_PRICE_LIST);
export const GET_TEXT = ref<typeof C.getText>(R.GET_TEXT);
export const DOMAIN_RENEWAL_STATUS = ref<typeof C.domainRenewalStatus>(R.DOMAIN_RENEWAL_STATUS);
export const DOMAIN_STATUS = ref<typeof C.domainStatus>(R.DOMAIN_STATUS);
export const DOMAIN_ADMINS = ref<typeof C.domainAdmins>(R.DOMAIN_ADMINS);
