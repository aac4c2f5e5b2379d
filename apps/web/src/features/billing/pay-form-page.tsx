import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { useHomeOnUserChange } from './api.ts';
import { PrimaryOnly, SandboxNotice } from './billing-gate.tsx';
import { PaymentForm } from './payment-form.tsx';

/** The pay form on its own (/pay-form). */
export default function PayFormPage() {
  useHomeOnUserChange();
  const { currentUser } = useSession();
  useLanguage();
  return (
    <Page title={t(billingScreenText).payFormTitle}>
      <PrimaryOnly>
        <SandboxNotice />
        <PaymentForm account={currentUser} />
      </PrimaryOnly>
    </Page>
  );
}
