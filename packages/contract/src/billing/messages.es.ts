import { type Catalogue, plural } from '../i18n/catalogue.ts';
import type { billingText } from './messages.ts';

/**
 * Billing in Spanish (docs/languages.md: `usted`, the glossary's terms). Amounts keep the `$`
 * before them, as es-US writes them (docs/decisions/112-billing-money-in-spanish.md).
 */
const NOT_CHARGED = 'No se cobró nada';

export const billingTextEs: Catalogue<typeof billingText> = {
  cardAddedTitle: 'Listo',
  cardAdded: 'La tarjeta se ha agregado',
  cardFailedTitle: 'Error',
  unableToAddCard: (error) => `No se pudo agregar esta tarjeta ${error}`.trim(),
  cardUpdated: 'Su tarjeta se ha actualizado',
  unableToUpdateCard: 'No se pudo actualizar esta tarjeta',
  deleteConfirm: '¿Realmente desea eliminar esta tarjeta?',
  cardDeleted: 'La tarjeta se ha eliminado',
  cardTypeMismatch: 'El tipo de tarjeta no corresponde al número de tarjeta',
  cardNotAccepted: 'No se acepta este tipo de tarjeta',
  newCard: 'Tarjeta nueva',
  cardNumbersRefused:
    'Aquí no se aceptan números de tarjeta: el navegador debe enviar la tarjeta a la pasarela de pago (opaque_data)',
  cardOrToken: 'Envíe opaque_data o el número de tarjeta, no ambos',
  tokenInvalid: 'Los datos de la tarjeta han caducado; vuelva a ingresar la tarjeta',
  tokenizeFailed: 'No se pudo enviar la tarjeta a la pasarela de pago',

  paymentSuccessTitle: 'Pago realizado',
  thankYou: (transId, amount, receiptTo) =>
    `Gracias por su pago. ID de transacción: ${transId}. Importe: $${amount}. Recibo enviado a: ${receiptTo || 'No se envió recibo'}.`,
  noReceipt: 'No se envió recibo',
  noPaymentTitle: 'No se realizó el pago',
  declinedNext:
    'No se cobró nada. Revise el número, la fecha de vencimiento, el código de seguridad y la dirección de facturación de la tarjeta, o pague con otra tarjeta.',
  apiFailureTitle: 'Error de la API de pagos',
  apiFailureAdvice: 'Comuníquese con el equipo de operaciones de red acerca de este pago.',
  unableToAddThisCard: 'No se pudo agregar esta tarjeta',
  paymentPendingTitle: 'Pago en confirmación',
  paymentPending:
    'El procesador de tarjetas no confirmó este pago a tiempo. Estamos verificando el resultado con el procesador; recibirá un recibo en cuanto se confirme. Mientras tanto, no vuelva a pagar.',
  paymentInProgress: 'Este pago ya se está procesando',
  notCharged: NOT_CHARGED,
  gatewayError: (error) => `${NOT_CHARGED}: ${error}`,
  keyReused: 'Esta solicitud de pago ya se usó para otro pago',
  amountCents: 'El importe debe estar en dólares y centavos',
  amountTooLarge: 'El importe es demasiado alto para un pago en línea; comuníquese con contabilidad',
  cardStatusMeaning: (status) =>
    status === 0
      ? 'Pago único, sin guardar la tarjeta'
      : status === 1
        ? 'Pago único y guardar la tarjeta'
        : 'Pago único, guardar la tarjeta y usarla para la facturación automática',
  overpayTitle: 'Más de lo adeudado',
  overpayNothingDue: (amount) => `No hay saldo pendiente. ¿Pagar $${amount} como crédito?`,
  overpaySomeDue: (due, amount, credit) =>
    `Se adeudan $${due}. ¿Pagar $${amount}, con $${credit} como crédito?`,
  overpayConfirm: 'Pagar de todos modos',
  overpayCancel: 'Cambiar el importe',
  sandboxNotice: 'Modo de prueba: los pagos se simulan con tarjetas de prueba y no se cobra dinero.',

  cantFind: (invoice) => `No se encuentra ${invoice}`,
  invoiceNotFound: (invoice) => `La factura ${invoice} no pertenece a esta cuenta`,
  noInvoices: 'No hay facturas',
  invoiceStatus: (s) =>
    s.status === 'paid'
      ? 'Pagada'
      : s.status === 'unpaid'
        ? 'Pendiente'
        : `Vencida hace ${s.days_overdue} ${plural('es', s.days_overdue, { one: 'día', other: 'días' })}`,

  downloadInvoicePdf: 'Descargar PDF',
  downloadReceiptPdf: 'Recibo en PDF',
  downloadFailed: 'No se pudo generar el PDF; inténtelo de nuevo más tarde',
  paymentNotFound: (transId) => `El pago ${transId} no pertenece a esta cuenta`,
  pdfInvoiceTitle: (invoice) => `Factura ${invoice}`,
  pdfReceiptTitle: 'Recibo de pago',
  pdfAccount: (logname) => `Cuenta: ${logname}`,
  pdfInvoiceDate: (day) => `Fecha de la factura: ${day}`,
  pdfDueDate: (day) => `Fecha de vencimiento: ${day}`,
  pdfTotal: (amount) => `Total: $${amount}`,
  pdfOwed: (amount) => `Saldo pendiente: $${amount}`,
  pdfStatus: (status) => `Estado: ${status}`,
  pdfPaidOn: (day, ccn4) =>
    `Pagada${day ? ` el ${day}` : ''}${ccn4 ? ` con la tarjeta terminada en ${ccn4}` : ''}`,
  pdfThanks: 'Gracias por su pago.',
  // File names stay as they are: a file name is not read as text.
  invoiceFileName: (invoice) => `invoice-${invoice.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,
  receiptFileName: (transId) => `receipt-${transId.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,

  noPayments: 'No hay pagos',

  paidForInvoice: (invoice) => `Factura ${invoice} (pago automático)`,
  paidForCoworking: 'Compra de coworking',
  paidForBalance: 'El saldo de su cuenta',
  receiptSubject: (amount) => `Recibo de pago: $${amount}`,
  receiptAmount: (amount) => `Importe: $${amount}`,
  receiptDate: (words) => `Fecha: ${words}`,
  receiptCard: (ccn4) => `Tarjeta: terminada en ${ccn4 || 'n/d'}`,
  receiptPaid: (what) => `Pagado: ${what}`,
  receiptTransId: (transId) => `ID de transacción: ${transId}`,
  receiptComments: (comments) => `Comentarios: ${comments}`,
  receiptEnteredBy: (operator) => `Registrado por: ${operator}`,

  reservationNameRequired: 'Se requiere un nombre para la reserva',
  purchaseRecordFailed: 'Compra realizada; hubo un problema al registrar la compra (consulte al NOC)',
  purchaseLogFailed: 'La compra es correcta; hubo problemas con el registro (consulte al NOC)',
  purchaseDoneTitle: 'Compra realizada',
  productNotFound: 'No existe ese producto',
  cardNotFound: 'No se encontró la tarjeta',
  selectProduct: 'Seleccione un producto',
  paymentNotForPurchase: 'Ese pago no corresponde a una compra de coworking de esta cuenta',
  paymentAmountMismatch: 'Ese pago no es igual al precio por la cantidad de esta compra',
  paymentAlreadyUsed: 'Ese pago ya se usó para otra compra de coworking',
  unreadableInvoiceDate: (invoice) =>
    `No se puede leer la fecha de la factura ${invoice}, así que no se puede mostrar el estado del pago. Comuníquese con el servicio de asistencia.`,

  autobillDeclinedSubject: (invoice) => `Pago automático de la factura ${invoice} rechazado`,
  autobillDeclined: (invoice, amount, ccn4, reason) =>
    `No se aceptó el pago automático de la factura ${invoice} ($${amount}) con la tarjeta terminada en ${ccn4}.\nProcesador de tarjetas: ${reason}`,
  autobillNextTry: (date) =>
    `Se volverá a intentar automáticamente el ${date}. Para pagar antes, pague la factura en Realizar un pago, o agregue o actualice una tarjeta en Agregar o editar tarjeta de crédito: la factura se intenta de nuevo de inmediato.`,
  autobillNewCard:
    'El procesador de tarjetas indica que esta tarjeta no se puede volver a usar, así que no se intentará de nuevo. Agregue una tarjeta nueva en Agregar o editar tarjeta de crédito (la factura se intenta de nuevo de inmediato) o pague la factura en Realizar un pago.',
  autobillLastTry:
    'Este fue el último intento automático; se ha avisado a contabilidad. Pague la factura en Realizar un pago, o agregue o actualice una tarjeta en Agregar o editar tarjeta de crédito (la factura se intenta de nuevo de inmediato).',
  autobillAccountingSubject: (account, invoice) =>
    `Facturación automática detenida para ${account}: factura ${invoice}`,
  retryNoticeNext: (invoice, date) =>
    `Se rechazó el pago automático de la factura ${invoice}; se volverá a intentar el ${date}.`,
  retryNoticeStopped: (invoice) =>
    `Se rechazó el pago automático de la factura ${invoice} y no se volverá a intentar: agregue una tarjeta nueva o pague la factura.`,
  retryActionCard: 'Agregar o editar tarjeta de crédito',
  retryActionPay: 'Realizar un pago',
  overdueNotice: (invoice, amount, due, days) =>
    `La factura ${invoice} por $${amount} vencía el ${due} y tiene ${days} ${plural('es', days, { one: 'día', other: 'días' })} de atraso.`,
  cardExpiringNotice: (last4, expiry, expired) =>
    expired
      ? `La tarjeta terminada en ${last4} que se usa para la facturación automática venció a fines de ${expiry}: agregue o actualice una tarjeta para que sus facturas se paguen automáticamente.`
      : `La tarjeta terminada en ${last4} que se usa para la facturación automática vence a fines de ${expiry}, antes de que se vuelva a necesitar: agregue o actualice una tarjeta para que sus facturas se paguen automáticamente.`,
};
