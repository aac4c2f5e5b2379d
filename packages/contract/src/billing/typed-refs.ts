import type * as C from './calls.ts';
import * as R from './call-refs.ts';
import { ref } from '../ref.ts';

/** The billing calls' references with their definitions' types (docs/decisions/059-type-gaps.md). */
export const GET_PAYMENT_METHODS = ref<typeof C.getPaymentMethods>(R.GET_PAYMENT_METHODS);
export const GET_PREFILL_CC_ADDR = ref<typeof C.getPrefillCcAddr>(R.GET_PREFILL_CC_ADDR);
export const GET_PAYMENT_INFO = ref<typeof C.getPaymentInfo>(R.GET_PAYMENT_INFO);
export const CARD_TOKENIZER = ref<typeof C.cardTokenizer>(R.CARD_TOKENIZER);
export const RECENT_PAYMENTS = ref<typeof C.recentPayments>(R.RECENT_PAYMENTS);
export const INVOICES = ref<typeof C.invoices>(R.INVOICES);
export const GET_INVOICE = ref<typeof C.getInvoice>(R.GET_INVOICE);
export const GET_COWORKING_PRODS = ref<typeof C.getCoworkingProds>(R.GET_COWORKING_PRODS);
