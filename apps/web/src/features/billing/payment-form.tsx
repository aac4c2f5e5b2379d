import { Button, Card, Grid, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Lines } from '../../ui/lines.tsx';
import type * as C from '@portal/contract/billing/calls';
import { billingText as englishBilling } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, call, failureText } from '../../app/api.ts';
import { PlainSelect } from '../../ui/plain-select.tsx';
import { useFields } from '../../ui/use-fields.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { newKey, paymentInfoQuery, payMethodsQuery, prefillQuery, useInvalidateBilling } from './api.ts';
import { CardFields, type CardValues, cardTypeError, emptyCard } from './card-fields.tsx';
import { money } from './format.ts';
import { cardStatuses, formErrors, paymentFailure, renewsPaymentKey } from './outcome.ts';
import { useCardTokenizer } from './tokenize.ts';

/** The form's rules and the payment calls (zod): loaded at the form's first use, see pay-rules.ts. */
const loadRules = () => import('./pay-rules.ts');
/** The question before paying more than is due: loaded when first asked (overpay-dialog.tsx). */
const OverpayDialog = lazy(() => import('./overpay-dialog.tsx'));

interface PayValues extends CardValues {
  amount: string;
  card_status: string;
  which_card: string;
  email: string;
  comments: string;
}

export interface PaymentFormProps {
  account: string;
  /** A fixed, read-only amount (the coworking pay form). */
  fixedAmount?: string;
  purpose?: 'account' | 'coworking';
  /** Replaces the default thank-you (the coworking form records the purchase first). */
  onPaid?: (data: C.PaymentData) => Promise<void> | void;
}

/**
 * The pay form: amount, card-status choice 0/1/2, a stored card or a new
 * one. Idle → pending (further submits ignored) → success or failure. One idempotency key per
 * payment the user asks for: renewed after an answer, and after a failure only when the server
 * knows nothing was charged (renewsPaymentKey); otherwise a retry reuses it and cannot charge twice.
 */
export function PaymentForm({ account, fixedAmount, purpose = 'account', onPaid }: PaymentFormProps) {
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const language = useLanguage();
  // The texts in the page's language, read again at each render (and in the callbacks, below).
  const billingText = t(englishBilling);
  const x = t(billingScreenText);
  const invalidate = useInvalidateBilling();
  const methods = useQuery(payMethodsQuery(account));
  const prefill = useQuery(prefillQuery(account));
  // What is due, from the same reckoning as home and Invoices: a payment of more asks first.
  const info = useQuery({ ...paymentInfoQuery(account), enabled: purpose === 'account' });
  const [overpay, setOverpay] = useState<PayValues | null>(null);
  // Once asked, the dialog stays mounted, so that it closes as a dialog does.
  const [questionShown, setQuestionShown] = useState(false);
  const key = useRef(newKey());
  const tokenize = useCardTokenizer(account);
  // "Pay now" / "Pay this invoice" open the form with what is owed (`?amount=89.95`).
  const [search] = useSearchParams();
  const asked = search.get('amount') ?? '';
  // The fields in useFields, not Mantine's useForm: the form library is 5 KB gzip of Make Payment's
  // first load on a phone (docs/decisions/123-catalogues-with-their-screens.md).
  const form = useFields<PayValues>({
    ...emptyCard,
    amount: fixedAmount ?? (/^\d{1,6}(\.\d{1,2})?$/.test(asked) ? asked : ''),
    card_status: '',
    which_card: '0',
    email: '',
    comments: '',
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once when the prefill arrives
  useEffect(() => {
    const a = prefill.data;
    if (!a) return;
    form.setValues({
      ccname: a.ccname,
      address: a.address,
      city: a.city,
      state: a.state,
      zipcode: a.zipcode,
      country: a.country || 'US',
      email: a.email,
    });
    form.resetDirty();
  }, [prefill.data]);

  // The form starts on the card on auto-billing (the account's default), once the cards arrive,
  // unless the user has chosen already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the cards arrive
  useEffect(() => {
    const auto = methods.data?.find((c) => c.on_auto_billing);
    if (!auto || form.isDirty('which_card') || form.getValues().which_card !== '0') return;
    form.setValues({ which_card: String(auto.id), card_status: '0' });
    form.resetDirty();
  }, [methods.data]);

  const toBody = (v: PayValues) => {
    const base = {
      account,
      amount: v.amount,
      email: v.email,
      comments: v.comments,
      save_status: v.card_status,
      save_card: v.card_status === '' ? undefined : Number(v.card_status) >= 1 ? 1 : 0,
      auto_bill: v.card_status === '2' ? 1 : 0,
      use_this_card: 1,
      purpose,
    };
    if (v.which_card !== '0') return { ...base, which_card: v.which_card };
    return {
      ...base,
      ccname: v.ccname,
      ccnumber: v.ccnumber,
      cardtype: v.cardtype,
      expdate: v.expdate,
      cvv: v.cvv,
      address: v.address,
      city: v.city,
      state: v.state,
      zipcode: v.zipcode,
      country: v.country,
      which_card: 0,
    };
  };

  const pay = useMutation({
    mutationFn: async (v: PayValues) => {
      const body = { ...toBody(v), idempotency_key: key.current };
      const rules = await loadRules();
      if (v.which_card !== '0') {
        return call(rules.savedCardPayment, { body: body as z.input<typeof rules.savedCardPayment.body> });
      }
      // The number and CVV go to the gateway's script only; the portal gets a one-time token.
      const opaque_data = await tokenize({ ccnumber: v.ccnumber, expdate: v.expdate, cvv: v.cvv });
      const { ccnumber: _n, cvv: _c, expdate: _e, ...rest } = body as Record<string, unknown>;
      return call(rules.singlePayment, {
        body: { ...rest, opaque_data } as z.input<typeof rules.singlePayment.body>,
      });
    },
    onSuccess: async (res) => {
      key.current = newKey();
      invalidate(account);
      form.setValues({ ccnumber: '', cvv: '' });
      const d = res.data;
      if (d.status === 'unknown') {
        showStatus({
          title: billingText.paymentPendingTitle,
          body: billingText.paymentPending,
          alert: 'warning',
        });
        return;
      }
      if (onPaid) {
        await onPaid(d);
        return;
      }
      showStatus({
        title: billingText.paymentSuccessTitle,
        body: billingText.thankYou(d.trans_id, d.amount.toFixed(2), d.receipt_to),
        type: 'thankyou',
        menu: [{ name: t(billingScreenText).recentPaymentsTitle, url: '/recent-payments' }],
      });
    },
    onError: (err) => {
      const failure = err instanceof ApiError ? err : null;
      if (renewsPaymentKey(failure)) key.current = newKey();
      const modal = paymentFailure(failure, failureText(err));
      // Each field's error beside its field, once; the pop-up only for what belongs to no field.
      showFailure(err, {
        title: modal.title,
        body: <Lines lines={modal.lines} />,
        alert: modal.alert,
        setErrors: form.setErrors,
        rename: { save_status: 'card_status' },
      });
    },
  });

  // Checked against the contract's rules (loaded at the first focus or submit), then paid.
  const checking = useRef(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Pending: duplicate submits are ignored.
    if (pay.isPending || checking.current) return;
    checking.current = true;
    const values = form.getValues();
    loadRules()
      .then((rules) => {
        const errors = formErrors(rules.validatePayment(values.which_card === '0')(toBody(values)));
        const mismatch = values.which_card === '0' ? cardTypeError(values) : null;
        if (mismatch) errors.cardtype = mismatch;
        form.setErrors(errors);
        if (Object.keys(errors).length > 0) return;
        const due = info.data?.current_due;
        // More than is due: the rest would be a credit, so the user says so first.
        if (purpose === 'account' && due !== undefined && Number(values.amount) > Math.max(due, 0) + 1e-9) {
          setOverpay(values);
          setQuestionShown(true);
          return;
        }
        pay.mutate(values);
      })
      // The rules could not be loaded (offline): nothing was sent, nothing charged.
      .catch((err: unknown) =>
        showStatus({
          title: billingText.noPaymentTitle,
          body: failureText(err),
          alert: 'warning',
        }),
      )
      .finally(() => {
        checking.current = false;
      });
  };

  const cards = methods.data ?? [];
  const saved = cards.find((c) => String(c.id) === form.values.which_card);
  const statuses = cardStatuses(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the card changes
  useEffect(() => {
    // A saved card is paid with as it is unless the user asks for more ("just pay" chosen); with a
    // new card a choice the card does not offer is no choice: the user picks again.
    if (saved && !statuses.includes(Number(form.values.card_status) as 0 | 1 | 2)) {
      form.setFieldValue('card_status', '0');
    } else if (
      !saved &&
      form.values.card_status &&
      !statuses.includes(Number(form.values.card_status) as 0 | 1 | 2)
    ) {
      form.setFieldValue('card_status', '');
    }
  }, [form.values.which_card]);
  const choices = [
    { value: '0', label: billingText.newCard },
    ...cards.map((c) => ({
      value: String(c.id),
      label: x.cardChoice(c.card_type, c.ccn4, c.nice_expdate, c.on_auto_billing),
    })),
  ];

  return (
    <Card
      withBorder
      p="md"
      component="form"
      onSubmit={submit}
      onFocus={() => void loadRules()}
      aria-label={x.payFormLabel}
      noValidate
    >
      <Stack gap="sm">
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label={x.amountDollars}
              inputMode="decimal"
              readOnly={fixedAmount !== undefined}
              {...form.getInputProps('amount')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <PlainSelect label={x.payWith} data={choices} {...form.getInputProps('which_card')} />
          </Grid.Col>
        </Grid>
        {/* With a saved card "just pay" is chosen already: the choice is there only to ask for more. */}
        <Radio.Group label={x.cardStatus} {...form.getInputProps('card_status')}>
          <Stack gap={4} mt={4}>
            {statuses.map((s) => (
              <Radio key={s} value={String(s)} label={billingText.cardStatusMeaning(s)} />
            ))}
          </Stack>
        </Radio.Group>
        {form.values.which_card === '0' && <CardFields form={form} />}
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={x.receiptEmail} type="email" {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {/* Grows with its text through CSS (field-sizing), not Mantine's autosize: autosize measures
                a hidden copy when it mounts, a forced layout of the whole page in Make Payment's
                first render (the most expensive step of it on a phone). Where field-sizing is not
                supported the box stays one line and scrolls. */}
            <Textarea
              label={x.comments}
              rows={1}
              styles={{ input: { fieldSizing: 'content' } }}
              {...form.getInputProps('comments')}
            />
          </Grid.Col>
        </Grid>
        {fixedAmount !== undefined && (
          <Text size="sm">{x.amountToPay(money(Number(fixedAmount), language))}</Text>
        )}
        <Button type="submit" loading={pay.isPending} w={{ base: '100%', sm: 'auto' }}>
          {x.makePayment}
        </Button>
      </Stack>
      {questionShown && (
        <Suspense fallback={null}>
          <OverpayDialog
            question={overpay && overpayQuestion(info.data?.current_due ?? 0, overpay.amount)}
            onCancel={() => setOverpay(null)}
            onConfirm={() => {
              const v = overpay;
              setOverpay(null);
              if (v) pay.mutate(v);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** "Nothing is due. Pay $49.95 as credit?" or "$10.00 is due. Pay $25.00, with $15.00 as credit?". */
export function overpayQuestion(due: number, amount: string): string {
  const billingText = t(englishBilling);
  const paid = Number(amount);
  const cents = (n: number) => (Math.round(n * 100) / 100).toFixed(2);
  if (due <= 0) return billingText.overpayNothingDue(cents(paid));
  return billingText.overpaySomeDue(cents(due), cents(paid), cents(paid - due));
}
