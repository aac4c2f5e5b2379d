import { lazy } from 'react';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { Page, RenderLater } from '../../ui/page.tsx';
import { useHomeOnUserChange } from './api.ts';
import { PrimaryOnly, SandboxNotice } from './billing-gate.tsx';

/** The payment status, cards on file and the pay form: a chunk of its own, loaded after the heading paints. */
const MakePaymentBody = lazy(() => import('./make-payment-body.tsx'));

/** Make Payments: account header, payment status, cards on file, the pay form. */
export default function MakePaymentPage() {
  useHomeOnUserChange();
  const { currentUser } = useSession();
  useLanguage();
  return (
    <Page title={t(billingScreenText).makePaymentTitle}>
      <PrimaryOnly>
        <SandboxNotice />
        {/* The notice (the screen's largest text) paints with the heading; the rest follows. */}
        <RenderLater>
          <MakePaymentBody account={currentUser} />
        </RenderLater>
      </PrimaryOnly>
    </Page>
  );
}
