/**
 * The bodies of the card calls as the tests send them: a typed-in card (the sandbox gateway's Visa
 * test number, which it approves with CVV 123 and declines with 901) on alice's Portland address.
 * A test names what it changes: `payment({ amount: '89.95' })`, `newCard({ account: 'bob' })`.
 */
export const VISA = '4111111111111111';

const card = {
  ccname: 'Alice Anderson',
  ccnumber: VISA,
  cardtype: 'Visa',
  expdate: '1230',
  cvv: '123',
  address: 'PO Box 311',
  city: 'Portland',
  state: 'ME',
  zipcode: '04112',
  country: 'US',
};

/** `POST /api/single-payment`: $25.00 from alice with a new card, the receipt to her own address. */
export const payment = (over: Record<string, unknown> = {}) => ({
  account: 'alice',
  amount: '25.00',
  ...card,
  email: 'alice@anderson-design.com',
  save_status: 0,
  comments: '',
  which_card: 0,
  ...over,
});

/** `POST /api/add-card`: a card for alice, saved, not on auto-billing. */
export const newCard = (over: Record<string, unknown> = {}) => ({
  account: 'alice',
  ...card,
  add_payment: 1,
  save_card: 1,
  auto_bill: 0,
  use_this_card: 1,
  ...over,
});
