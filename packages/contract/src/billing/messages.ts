const NOT_CHARGED = 'Nothing was charged';

/** Message texts of the billing area. Texts of the spec are exact. */
export const billingText = {
  // cards
  cardAddedTitle: 'Success',
  cardAdded: 'The Card has been added',
  cardFailedTitle: 'Failed',
  unableToAddCard: (error: string) => `Unable to add this card ${error}`.trim(),
  cardUpdated: 'Your card has been updated',
  unableToUpdateCard: 'Unable to update this card',
  deleteConfirm: 'Do you really want to delete this card?',
  cardDeleted: 'Card has been deleted',
  cardTypeMismatch: 'The card type does not match the card number',
  cardNotAccepted: 'This card type is not accepted',
  newCard: 'New Card',
  /** PORTAL_CARD_NUMBERS=refuse: a card number or CVV posted to the portal (docs/decisions/019-card-tokens.md). */
  cardNumbersRefused:
    'Card numbers are not accepted here: the card must be sent to the payment gateway from the browser (opaque_data)',
  cardOrToken: 'Send either opaque_data or the card number, not both',
  /** A token that is unknown, used, expired or made for another account. */
  tokenInvalid: 'The card details have expired - please enter the card again',
  tokenizeFailed: 'The card could not be sent to the payment gateway',

  // payments
  paymentSuccessTitle: 'Successful Payment',
  thankYou: (transId: string, amount: string, receiptTo: string) =>
    `Thank you for your payment. Transaction ID: ${transId}. Amount: $${amount}. Receipt sent to: ${receiptTo || 'No receipt sent'}.`,
  noReceipt: 'No receipt sent',
  noPaymentTitle: 'No Payment made',
  /** The next step after a declined card (or one the gateway would not store): nothing was charged. */
  declinedNext:
    "Nothing was charged. Check the card's number, expiry date, security code and billing address, or pay with another card.",
  apiFailureTitle: 'API Payment failure',
  apiFailureAdvice: 'Please contact the network operations team about this payment.',
  unableToAddThisCard: 'Unable to add this card',
  paymentPendingTitle: 'Payment being confirmed',
  paymentPending:
    'The card processor did not confirm this payment in time. We are checking its outcome with the processor; you will receive a receipt once it is confirmed. Please do not pay again in the meantime.',
  paymentInProgress: 'This payment is already being processed',
  /**
   * Opens the answer (503) to a payment the gateway refused before charging anything, so the
   * client knows the outcome is certain and a new submit may be a new payment (another 503, e.g.
   * the database going down after the charge, does not say it).
   */
  notCharged: NOT_CHARGED,
  gatewayError: (error: string) => `${NOT_CHARGED}: ${error}`,
  keyReused: 'This payment request was already used for a different payment',
  amountCents: 'Amount must be in dollars and cents',
  amountTooLarge: 'Amount is too large for an online payment - please contact accounting',
  cardStatusMeaning: (status: 0 | 1 | 2) =>
    status === 0
      ? 'Single payment, do not save the card'
      : status === 1
        ? 'Single payment and save the card'
        : 'Single payment, save the card and use it for auto-billing',
  /** Asked before a payment of more than is owed (the balance): the rest stays as a credit. */
  overpayTitle: 'More than is due',
  overpayNothingDue: (amount: string) => `Nothing is due. Pay $${amount} as credit?`,
  overpaySomeDue: (due: string, amount: string, credit: string) =>
    `$${due} is due. Pay $${amount}, with $${credit} as credit?`,
  overpayConfirm: 'Pay anyway',
  overpayCancel: 'Change the amount',
  sandboxNotice: 'Sandbox mode: payments are simulated with test cards and no money is charged.',

  // invoices
  cantFind: (invoice: string) => `Can't find ${invoice}`,
  invoiceNotFound: (invoice: string) => `Invoice ${invoice} is not on this account`,
  noInvoices: 'No invoices',
  /** "Paid", "Unpaid", "Overdue 1 day", "Overdue 7 days": the same words on every screen and the PDF. */
  invoiceStatus: (s: { status: 'paid' | 'unpaid' | 'overdue'; days_overdue: number }) =>
    s.status === 'paid'
      ? 'Paid'
      : s.status === 'unpaid'
        ? 'Unpaid'
        : `Overdue ${s.days_overdue} day${s.days_overdue === 1 ? '' : 's'}`,

  // papers: the invoice and receipt PDFs, and their downloads
  downloadInvoicePdf: 'Download PDF',
  downloadReceiptPdf: 'Receipt PDF',
  downloadFailed: 'The PDF could not be made - please try again later',
  paymentNotFound: (transId: string) => `Payment ${transId} is not on this account`,
  pdfInvoiceTitle: (invoice: string) => `Invoice ${invoice}`,
  pdfReceiptTitle: 'Payment receipt',
  pdfAccount: (logname: string) => `Account: ${logname}`,
  pdfInvoiceDate: (day: string) => `Invoice date: ${day}`,
  pdfDueDate: (day: string) => `Due date: ${day}`,
  pdfTotal: (amount: string) => `Total: $${amount}`,
  pdfOwed: (amount: string) => `Still owed: $${amount}`,
  pdfStatus: (status: string) => `Status: ${status}`,
  /** A paid invoice: when, and with which card when a card paid it. */
  pdfPaidOn: (day: string | null, ccn4: string | null) =>
    `Paid${day ? ` on ${day}` : ''}${ccn4 ? ` with the card ending ${ccn4}` : ''}`,
  pdfThanks: 'Thank you for your payment.',
  /** File names safe in a Content-Disposition header and on any disk. */
  invoiceFileName: (invoice: string) => `invoice-${invoice.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,
  receiptFileName: (transId: string) => `receipt-${transId.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,

  // recent payments
  noPayments: 'No payments',

  // receipts: the receipt screen's row, the receipt mail and its PDF (the account line is pdfAccount,
  // the thanks pdfThanks: the same words on each)
  /** What a payment paid, in words. */
  paidForInvoice: (invoice: string) => `Invoice ${invoice} (automatic payment)`,
  paidForCoworking: 'Coworking purchase',
  paidForBalance: 'Your account balance',
  receiptSubject: (amount: string) => `Payment receipt: $${amount}`,
  receiptAmount: (amount: string) => `Amount: $${amount}`,
  /** `words`: the date and time in words, in the customer's time zone. */
  receiptDate: (words: string) => `Date: ${words}`,
  receiptCard: (ccn4: string) => `Card: ending in ${ccn4 || 'n/a'}`,
  receiptPaid: (what: string) => `Paid: ${what}`,
  receiptTransId: (transId: string) => `Transaction ID: ${transId}`,
  receiptComments: (comments: string) => `Comments: ${comments}`,
  /** The staff member who entered a payment for the customer. */
  receiptEnteredBy: (operator: string) => `Entered by: ${operator}`,

  // coworking
  reservationNameRequired: 'A reservation name is required',
  purchaseRecordFailed: 'Purchase complete - problem with recording the purchase (see NOC)',
  purchaseLogFailed: 'Purchase is OK, problems with logging (see NOC)',
  purchaseDoneTitle: 'Purchase complete',
  productNotFound: 'No such product',
  cardNotFound: 'Card not found',
  selectProduct: 'Select a product',
  paymentNotForPurchase: 'That payment does not pay for a coworking purchase of this account',
  paymentAmountMismatch: 'That payment does not equal the price times the quantity of this purchase',
  paymentAlreadyUsed: 'That payment already paid for another coworking purchase',
  /** A stored invoice date in neither YYYYMMDD nor YYYY-MM-DD (data written before the importer checked it). */
  unreadableInvoiceDate: (invoice: string) =>
    `The date of invoice ${invoice} cannot be read, so the payment status cannot be shown. Please contact the help desk.`,

  // auto-billing retries (docs/decisions/054-auto-billing-retries.md)
  autobillDeclinedSubject: (invoice: string) => `Automatic payment of invoice ${invoice} declined`,
  autobillDeclined: (invoice: string, amount: string, ccn4: string, reason: string) =>
    `The automatic payment of invoice ${invoice} ($${amount}) with the card ending in ${ccn4} was not accepted.\nCard processor: ${reason}`,
  /** What happens next after a soft decline: the next try. */
  autobillNextTry: (date: string) =>
    `It will be tried again automatically on ${date}. To pay sooner, pay the invoice on Make a Payment, or add or update a card on Add/Edit Credit Card: the invoice is then tried again at once.`,
  /** What happens next after a hard decline (stolen, lost, closed, invalid card): a new card is needed. */
  autobillNewCard:
    'The card processor says this card cannot be used again, so it will not be tried again. Please add a new card on Add/Edit Credit Card (the invoice is then tried again at once), or pay the invoice on Make a Payment.',
  /** What happens next after the last scheduled try. */
  autobillLastTry:
    'This was the last automatic try; accounting has been told. Please pay the invoice on Make a Payment, or add or update a card on Add/Edit Credit Card (the invoice is then tried again at once).',
  autobillAccountingSubject: (account: string, invoice: string) =>
    `Auto-billing stopped for ${account}: invoice ${invoice}`,
  /** Home notice of an invoice whose auto-billing is being retried. */
  retryNoticeNext: (invoice: string, date: string) =>
    `The automatic payment of invoice ${invoice} was declined; it will be tried again on ${date}.`,
  /** Home notice of an invoice whose auto-billing stopped (hard decline or the last try). */
  retryNoticeStopped: (invoice: string) =>
    `The automatic payment of invoice ${invoice} was declined and will not be tried again: add a new card or pay the invoice.`,
  retryActionCard: 'Add/Edit Credit Card',
  retryActionPay: 'Make a Payment',
  /** Home notice of an invoice still owed after its due day (amount in dollars, due ISO). */
  overdueNotice: (invoice: string, amount: string, due: string, days: number) =>
    `Invoice ${invoice} for $${amount} was due on ${due} and is ${days} ${days === 1 ? 'day' : 'days'} overdue.`,
  /** Home notice of the card on auto-billing expiring (or expired) before it is next needed; expiry MM/YY. */
  cardExpiringNotice: (last4: string, expiry: string, expired: boolean) =>
    expired
      ? `The card ending ${last4} used for auto-billing expired at the end of ${expiry}: add or update a card so that your invoices are paid automatically.`
      : `The card ending ${last4} used for auto-billing expires at the end of ${expiry}, before it is next needed: add or update a card so that your invoices are paid automatically.`,
} as const;
