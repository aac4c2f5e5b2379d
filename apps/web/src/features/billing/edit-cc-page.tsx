import { Badge, Button, Card, Grid, Group, Modal, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/billing/calls';
import { billingText as englishBilling } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError, failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Lines } from '../../ui/lines.tsx';
import { Page } from '../../ui/page.tsx';
import { payMethodsQuery, prefillQuery, useHomeOnUserChange } from './api.ts';
import { PrimaryOnly, SandboxNotice } from './billing-gate.tsx';
import { CardFields, type CardValues, emptyCard } from './card-fields.tsx';
import { addCardFailure } from './outcome.ts';
import { type NewCard, useAddCard, useDeleteCard, useUpdateCard } from './mutations.ts';

const NEW = 'new';

/** Add/Edit Credit Card: New Card or a stored card; the auto-billing card highlighted. */
export default function EditCcPage() {
  useHomeOnUserChange();
  const { currentUser } = useSession();
  const methods = useQuery(payMethodsQuery(currentUser));
  const [selected, setSelected] = useState(NEW);
  const cards = methods.data ?? [];
  const card = cards.find((c) => String(c.id) === selected);
  useLanguage();
  const billingText = t(englishBilling);
  const x = t(billingScreenText);
  return (
    <Page title={x.editCardTitle}>
      <PrimaryOnly>
        <SandboxNotice />
        <Radio.Group value={card ? selected : NEW} onChange={setSelected} label={x.card} name="card">
          <Stack gap="xs" mt="xs">
            <Radio.Card value={NEW} p="sm" radius="md" data-testid="card-choice-new">
              <Group wrap="nowrap">
                <Radio.Indicator />
                <Text fw={600}>{billingText.newCard}</Text>
              </Group>
            </Radio.Card>
            {cards.map((c) => (
              <Radio.Card
                key={c.id}
                value={String(c.id)}
                p="sm"
                radius="md"
                data-testid={`card-choice-${c.id}`}
                data-auto-billing={c.on_auto_billing || undefined}
                style={
                  c.on_auto_billing
                    ? {
                        borderColor: 'var(--mantine-primary-color-filled)',
                        background: 'var(--mantine-primary-color-light)',
                      }
                    : undefined
                }
              >
                <Group wrap="nowrap" justify="space-between">
                  <Group wrap="nowrap">
                    <Radio.Indicator />
                    <Text>
                      {x.cardEnding(c.card_type, c.ccn4)} <Text span>{x.expiresShort(c.nice_expdate)}</Text>
                    </Text>
                  </Group>
                  {c.on_auto_billing && <Badge>{x.autoBilling}</Badge>}
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {card ? (
          <EditCard key={card.id} account={currentUser} card={card} onDone={() => setSelected(NEW)} />
        ) : (
          <AddCard account={currentUser} onAdded={() => setSelected(NEW)} />
        )}
      </PrimaryOnly>
    </Page>
  );
}

interface AddValues extends CardValues {
  auto_bill: string;
}

function AddCard({ account, onAdded }: { account: string; onAdded: () => void }) {
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  useLanguage();
  const billingText = t(englishBilling);
  const x = t(billingScreenText);
  const prefill = useQuery(prefillQuery(account));
  const form = useForm<AddValues>({
    initialValues: { ...emptyCard, auto_bill: '' },
    // The card rules the browser checks before tokenising (Luhn, MMYY, CVV digits): the spec's texts.
    validate: (v) => zodValidate(C.NewCardForm)(toBody(v)),
  });
  const toBody = (v: AddValues) => ({
    ...v,
    account,
    add_payment: 1,
    save_card: 1,
    use_this_card: 0,
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
    });
  }, [prefill.data]);

  const add = useAddCard(account, {
    onSuccess: (res) => {
      form.setValues({ ccnumber: '', cvv: '', expdate: '', cardtype: '', auto_bill: '' });
      onAdded();
      showStatus({
        title: billingText.cardAddedTitle,
        body: res.message || billingText.cardAdded,
        type: 'review',
      });
    },
    onError: (err) => {
      const modal = addCardFailure(err instanceof ApiError ? err : null, failureText(err));
      showFailure(err, {
        title: modal.title,
        body: <Lines lines={modal.lines} />,
        alert: modal.alert,
        setErrors: form.setErrors,
        fields: Object.keys(form.getValues()),
      });
    },
  });

  return (
    <Card
      withBorder
      p="md"
      component="form"
      noValidate
      aria-label={x.addACard}
      onSubmit={form.onSubmit((v) => {
        if (add.isPending) return;
        const { ccnumber, cvv, expdate, ...body } = toBody(v);
        add.mutate({ secrets: { ccnumber, expdate, cvv }, body: body as NewCard['body'] });
      })}
    >
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {x.addACard}
        </Title>
        <CardFields form={form} />
        <Radio.Group label={x.useForAutoBilling} {...form.getInputProps('auto_bill')}>
          <Group mt={4}>
            <Radio value="1" label={x.yes} />
            <Radio value="0" label={x.no} />
          </Group>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={add.isPending}>
            {x.addCard}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

type EditValues = {
  expdate: string;
  auto_bill: string;
  first_name: string;
  last_name: string;
  company: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
};

function EditCard({ account, card, onDone }: { account: string; card: C.PayMethod; onDone: () => void }) {
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  useLanguage();
  const billingText = t(englishBilling);
  const x = t(billingScreenText);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<EditValues>({
    initialValues: {
      expdate: card.expdate,
      auto_bill: card.on_auto_billing ? '1' : '0',
      first_name: card.first_name,
      last_name: card.last_name,
      company: card.company,
      address: card.address,
      city: card.city,
      state: card.state,
      zipcode: card.zipcode,
      country: card.country,
    },
    validate: (v) => zodValidate(C.UpdateCardBody)(toBody(v)),
  });
  const toBody = (v: EditValues) => ({
    ...v,
    account,
    id: card.id,
    card_type: card.card_type,
    ccn4: card.ccn4,
  });

  const update = useUpdateCard({
    onSuccess: (res) => {
      onDone();
      showStatus({
        title: billingText.cardUpdated,
        body: res.message || billingText.cardUpdated,
        type: 'review',
      });
    },
    onError: (err) =>
      showFailure(err, {
        title: billingText.unableToUpdateCard,
        body: failureText(err),
        alert: 'warning',
        setErrors: form.setErrors,
        fields: Object.keys(form.getValues()),
      }),
  });
  const remove = useDeleteCard({
    onSuccess: (res) => {
      onDone();
      showStatus({
        title: billingText.cardDeleted,
        body: res.message || billingText.cardDeleted,
        type: 'review',
      });
    },
    onError: (err) =>
      showFailure(err, { title: billingText.cardFailedTitle, body: failureText(err), alert: 'warning' }),
  });

  return (
    <Card
      withBorder
      p="md"
      component="form"
      noValidate
      aria-label={x.editCard}
      onSubmit={form.onSubmit((v) => {
        if (!update.isPending) update.mutate(toBody(v) as z.input<typeof C.UpdateCardBody>);
      })}
    >
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {x.cardEnding(card.card_type, card.ccn4)}
        </Title>
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={x.expiration} maxLength={5} {...form.getInputProps('expdate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Radio.Group label={x.autoBilling} {...form.getInputProps('auto_bill')}>
              <Group mt={4}>
                <Radio value="1" label={x.yes} />
                <Radio value="0" label={x.no} />
              </Group>
            </Radio.Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={x.firstName} {...form.getInputProps('first_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={x.lastName} {...form.getInputProps('last_name')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label={x.company} {...form.getInputProps('company')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label={x.address} {...form.getInputProps('address')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput label={x.city} {...form.getInputProps('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 4, sm: 2 }}>
            <TextInput label={x.state} {...form.getInputProps('state')} />
          </Grid.Col>
          <Grid.Col span={{ base: 8, sm: 3 }}>
            <TextInput label={x.zipCode} {...form.getInputProps('zipcode')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 2 }}>
            <TextInput label={x.country} {...form.getInputProps('country')} />
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit" loading={update.isPending}>
            {x.updateCard}
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirming(true)} loading={remove.isPending}>
            {x.deleteCard}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={<Text fw={700}>{x.deleteCard}</Text>}
      >
        <Text>{billingText.deleteConfirm}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {x.cancel}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              remove.mutate({ account, id: card.id });
            }}
          >
            {x.delete}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
