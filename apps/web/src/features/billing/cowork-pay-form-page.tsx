import { Alert, Button, Card, Group, Text } from '@mantine/core';
import * as C from '@portal/contract/billing/calls';
import { billingText as englishBilling } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { commonText } from '@portal/contract/messages';
import { Link, useLocation } from 'react-router';
import { call, failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { useHomeOnUserChange } from './api.ts';
import { SandboxNotice } from './billing-gate.tsx';
import type { CoworkOrder } from './coworking-prods-page.tsx';
import { dollars } from './format.ts';
import { PaymentForm } from './payment-form.tsx';

/**
 * The staff coworking pay form: the amount is read-only; after the payment,
 * purchase-product then addtoaudit, each failure with its own text.
 */
export default function CoworkPayFormPage() {
  useHomeOnUserChange();
  const { currentUser, staff, operator } = useSession();
  const showStatus = useStatus();
  const order = (useLocation().state ?? null) as CoworkOrder | null;
  useLanguage();
  const billingText = t(englishBilling);
  const x = t(billingScreenText);

  if (!staff) {
    return (
      <Page title={x.coworkingPaymentTitle}>
        <Alert color="yellow">{t(commonText).staffOnly}</Alert>
      </Page>
    );
  }
  if (!order) {
    return (
      <Page title={x.coworkingPaymentTitle}>
        <Alert color="blue">{x.chooseProductFirst}</Alert>
        <Group>
          <Button component={Link} to="/coworking-prods">
            {x.coworkingProductsTitle}
          </Button>
        </Group>
      </Page>
    );
  }

  const recordPurchase = async (paid: C.PaymentData) => {
    const bought = [order.product, order.units, order.name, dollars(paid.amount), paid.trans_id] as const;
    const summary = x.purchaseSummary(...bought);
    try {
      await call(C.purchaseProduct, {
        body: {
          logname: currentUser,
          pcode: order.pcode,
          units: order.units,
          comment: `Reservation: ${order.name}`,
          trans_id: paid.trans_id,
        },
      });
    } catch (err) {
      showStatus({
        title: billingText.purchaseRecordFailed,
        body: failureText(err),
        alert: 'serious',
      });
      return;
    }
    try {
      await call(C.addToAudit, {
        body: {
          logname: currentUser,
          message: `Coworking purchase by ${operator}: ${billingScreenText.purchaseSummary(...bought)}`,
        },
      });
    } catch (err) {
      showStatus({
        title: billingText.purchaseLogFailed,
        body: failureText(err),
        alert: 'serious',
      });
      return;
    }
    showStatus({ title: billingText.purchaseDoneTitle, body: summary, type: 'thankyou' });
  };

  return (
    <Page title={x.coworkingPaymentTitle}>
      <SandboxNotice />
      <Card withBorder p="md">
        <Text>{x.orderFor(order.product, order.units, order.name, currentUser)}</Text>
      </Card>
      <PaymentForm
        account={currentUser}
        fixedAmount={order.amount}
        purpose="coworking"
        onPaid={recordPurchase}
      />
    </Page>
  );
}
