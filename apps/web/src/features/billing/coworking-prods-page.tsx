import {
  Button,
  Card,
  Checkbox,
  Grid,
  NumberInput,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import * as C from '@portal/contract/billing/calls';
import { billingText } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { coworkingQuery } from './api.ts';
import { money } from './format.ts';

/** What the staff coworking form hands to the pay form. */
export interface CoworkOrder {
  pcode: string;
  product: string;
  units: number;
  name: string;
  amount: string;
}

/**
 * Coworking Products: discount checkbox (disctype 2), quantity, total = price ×
 * quantity, a radio per product row. Staff also enter the reservation name and go on to pay.
 */
export default function CoworkingProdsPage() {
  const { staff } = useSession();
  const navigate = useNavigate();
  const language = useLanguage();
  const x = t(billingScreenText);
  const [discount, setDiscount] = useState(false);
  const [quantity, setQuantity] = useState<string | number>(1);
  const [pcode, setPcode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const products = useQuery(coworkingQuery(discount ? 2 : 1));
  const list = products.data ?? [];
  const product = list.find((p) => p.pcode === pcode);
  const units = Number.isInteger(Number(quantity)) && Number(quantity) > 0 ? Number(quantity) : 0;
  const totalCents = product ? Math.round(product.actual_price * 100) * units : 0;
  const total = (totalCents / 100).toFixed(2);

  const proceed = () => {
    const found = zodValidate(C.CoworkForm)({ amount: product ? total : '', name });
    if (!product) found.pcode = t(billingText).selectProduct;
    setErrors(found);
    if (Object.keys(found).length || !product) return;
    const order: CoworkOrder = {
      pcode: product.pcode,
      product: product.name,
      units,
      name: name.trim(),
      amount: total,
    };
    navigate('/cowork-pay-form', { state: order });
  };

  return (
    <Page title={x.coworkingProductsTitle}>
      <Card withBorder p="md">
        <Grid gutter="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Checkbox
              label={x.memberDiscount}
              checked={discount}
              onChange={(e) => setDiscount(e.currentTarget.checked)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NumberInput
              label={x.quantity}
              min={1}
              max={1000}
              allowDecimal={false}
              value={quantity}
              onChange={setQuantity}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <Text size="sm">{x.total}</Text>
            <Text fw={700} fz="lg" data-testid="cowork-total">
              {money(totalCents / 100, language)}
            </Text>
          </Grid.Col>
        </Grid>
      </Card>
      <Radio.Group value={pcode} onChange={setPcode} name="product" error={errors.pcode} label={x.product}>
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th aria-label={x.select} />
                <Table.Th>{x.name}</Table.Th>
                <Table.Th>{x.price}</Table.Th>
                <Table.Th>{x.per}</Table.Th>
                <Table.Th>{x.description}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((p) => (
                <Table.Tr key={p.pcode} onClick={() => setPcode(p.pcode)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <Radio value={p.pcode} aria-label={p.name} />
                  </Table.Td>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{money(p.actual_price, language)}</Table.Td>
                  <Table.Td>{p.unit}</Table.Td>
                  <Table.Td>{p.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Radio.Group>
      {staff && (
        <Card withBorder p="md">
          <Stack gap="sm">
            <TextInput
              label={x.name}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={!!errors.name}
              aria-describedby={errors.name ? 'reservation-name-error' : undefined}
            />
            {errors.name && (
              <Text id="reservation-name-error" size="sm" c="red.9" fw={600}>
                {errors.name} - {t(billingText).reservationNameRequired}
              </Text>
            )}
            {errors.amount && (
              <Text c="red" size="sm">
                {x.amountProblem(errors.amount)}
              </Text>
            )}
            <Button onClick={proceed} w={{ base: '100%', sm: 'auto' }}>
              {x.continueToPayment}
            </Button>
          </Stack>
        </Card>
      )}
    </Page>
  );
}
