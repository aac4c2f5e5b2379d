import { Grid, PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { billingText } from '@portal/contract/billing/messages';
import { billingScreenText } from '@portal/contract/billing/screen-messages';
import { CARD_TYPES, cardBrandOf } from '@portal/contract/constants';
import { t, useLanguage } from '../../app/language.ts';
import { PlainSelect } from '../../ui/plain-select.tsx';

export interface CardValues {
  ccname: string;
  ccnumber: string;
  cardtype: string;
  expdate: string;
  cvv: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

export const emptyCard: CardValues = {
  ccname: '',
  ccnumber: '',
  cardtype: '',
  expdate: '',
  cvv: '',
  address: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'US',
};

/**
 * A card type that is not the brand of the number typed: refused before anything is sent (a
 * tokenised card's number never reaches the portal, so the form is where a mismatch is caught).
 */
export function cardTypeError(v: Pick<CardValues, 'ccnumber' | 'cardtype'>): string | null {
  const brand = cardBrandOf(v.ccnumber);
  return brand && v.cardtype && v.cardtype !== brand ? t(billingText).cardTypeMismatch : null;
}

/** Card number, type (filled from the number), expiry, CVV and the billing address of a new card. */
/** What the card fields use of a form whose values hold a card's (CardValues) among others. */
export interface CardForm {
  getInputProps: (path: keyof CardValues) => ReturnType<UseFormReturnType<CardValues>['getInputProps']>;
  setFieldValue: (path: 'ccnumber' | 'cardtype', value: string) => void;
  getValues: () => Pick<CardValues, 'cardtype'>;
}

export function CardFields({ form: f }: { form: CardForm }) {
  useLanguage();
  const x = t(billingScreenText);
  return (
    <Grid gutter="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label={x.nameOnCard} autoComplete="cc-name" {...f.getInputProps('ccname')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={x.cardNumber}
          autoComplete="cc-number"
          inputMode="numeric"
          {...f.getInputProps('ccnumber')}
          onChange={(e) => {
            const number = e.currentTarget.value;
            f.setFieldValue('ccnumber', number);
            // The type follows the number: one of the spec's card types, still the value sent.
            const brand = cardBrandOf(number);
            if (brand && f.getValues().cardtype !== brand) f.setFieldValue('cardtype', brand);
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        {/* Filled from the number; the browser's own list, so there is no deselecting. */}
        <PlainSelect label={x.cardType} data={CARD_TYPES} {...f.getInputProps('cardtype')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <TextInput label={x.expiration} autoComplete="cc-exp" maxLength={5} {...f.getInputProps('expdate')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <PasswordInput
          label={x.cvv}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          {...f.getInputProps('cvv')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput label={x.address} autoComplete="address-line1" {...f.getInputProps('address')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput label={x.city} autoComplete="address-level2" {...f.getInputProps('city')} />
      </Grid.Col>
      <Grid.Col span={{ base: 4, sm: 2 }}>
        <TextInput label={x.state} autoComplete="address-level1" {...f.getInputProps('state')} />
      </Grid.Col>
      <Grid.Col span={{ base: 8, sm: 3 }}>
        <TextInput label={x.zipCode} autoComplete="postal-code" {...f.getInputProps('zipcode')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 2 }}>
        <TextInput label={x.country} autoComplete="country" {...f.getInputProps('country')} />
      </Grid.Col>
    </Grid>
  );
}
