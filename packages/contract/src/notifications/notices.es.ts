import type { notices } from './notices.ts';

const días = (days: number) => `${days} ${days === 1 ? 'día' : 'días'}`;

/**
 * The reminders of `notices.ts` in Spanish (usted; the glossary of docs/languages.md). Amounts and
 * dates stay in the English mail's form ("12.50", "2026-12-01"): they are data.
 */
export const noticesEs: typeof notices = {
  invoiceDueSoon: {
    subject: (invoice: string, due: string) => `La factura ${invoice} vence el ${due}`,
    body: (invoice: string, amount: string, due: string) =>
      `La factura ${invoice} de $${amount} vence el ${due}. No hay ninguna tarjeta con facturación automática, así que no se pagará sola: páguela en Realizar un pago en el portal de miembros.`,
  },
  invoiceNew: {
    subject: (invoice: string) => `Nueva factura ${invoice}`,
    body: (invoice: string, amount: string, date: string, due: string) =>
      `La factura ${invoice} del ${date} por $${amount} vence el ${due}. La encontrará adjunta en PDF y en Facturas en el portal de miembros.`,
  },
  invoiceOverdue: {
    subject: (invoice: string, days: number) => `La factura ${invoice} está vencida hace ${días(days)}`,
    body: (invoice: string, amount: string, due: string) =>
      `La factura ${invoice} de $${amount} vencía el ${due} y aún no está pagada. Páguela en Realizar un pago en el portal de miembros.`,
  },
  cardExpiring: {
    subject: (card: string, days: number) => `Su tarjeta terminada en ${card} caduca en ${días(days)}`,
    body: (card: string, expires: string) =>
      `La tarjeta terminada en ${card}, con la que se pagan sus facturas automáticamente, caduca a finales de ${expires}. Las facturas que venzan después no se podrán cobrar en ella: añada una tarjeta nueva o actualice esta en Agregar o modificar tarjeta en el portal de miembros.`,
  },
  domainRenews: {
    subject: (domain: string, days: number) => `${domain} se renueva automáticamente en ${días(days)}`,
    body: (domain: string, date: string, price: string | null, card: string) =>
      `${domain} se renueva automáticamente el ${date}${price === null ? '' : ` por $${price}`} con la tarjeta terminada en ${card}. No tiene que hacer nada; si prefiere dejarlo vencer, desactive la renovación automática en Modificar dominios en el portal de miembros.`,
  },
  domainRenewsNoCard: {
    subject: (domain: string, days: number) =>
      `${domain} vence en ${días(days)}: no hay ninguna tarjeta con facturación automática`,
    body: (domain: string, date: string, price: string | null) =>
      `${domain} está configurado para renovarse automáticamente el ${date}${price === null ? '' : ` por $${price}`}, pero no hay ninguna tarjeta con facturación automática. Añada una en Agregar o modificar tarjeta en el portal de miembros; si no, la renovación no se pagará.`,
  },
  domainRenewNow: {
    subject: (domain: string, days: number) => `${domain} vence en ${días(days)}`,
    body: (domain: string, date: string, link: string) =>
      `${domain} vence el ${date} y no se renueva automáticamente. Renuévelo ahora: ${link}`,
  },
  aliasFading: {
    subject: (address: string) => `El alias temporal ${address} desaparece en 2 días`,
    body: (address: string, fades: string) =>
      `Su alias temporal ${address} ha caducado y desaparece el ${fades}. Hasta entonces puede prolongarlo en la página Correo temporal del portal de miembros; después, su nombre queda reservado y no se puede volver a usar.`,
  },
};
