import { AddressPage } from './address-form.tsx';

/** Change Billing Address (/billing-addr). */
export default function BillingAddrPage() {
  return <AddressPage kind="bill" />;
}
