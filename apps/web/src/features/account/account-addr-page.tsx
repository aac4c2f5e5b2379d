import { AddressPage } from './address-form.tsx';

/** Change Account Address (/account-addr). */
export default function AccountAddrPage() {
  return <AddressPage kind="account" />;
}
