import type { Catalogue } from '../i18n/catalogue.ts';
import { isLanguage, type Language } from '../i18n/languages.ts';
import { NOTICE_SEND_TO } from '../notifications/calls.ts';
import { NOTICE_CATEGORIES } from '../notifications/categories.ts';
import { noticeTextEs } from '../notifications/messages.es.ts';
import {
  type ACTIVITY_SENTENCES,
  type activityText,
  alias,
  type Details,
  dollars,
  field,
  fixed,
  named,
  when,
} from './activity.ts';

/**
 * The account's activity in Spanish (docs/languages.md: `usted`, the glossary's terms): the same
 * entries told from the same stored fields. Amounts stay in dollars as the English writes them.
 */

/** " con la tarjeta terminada en 1111", or " con una tarjeta". */
const cardEnding = (d: Details, saved: boolean): string => {
  const last4 = field(d, 'ccn4');
  if (/^\d{4}$/.test(last4)) return ` con la tarjeta ${saved ? 'registrada ' : ''}terminada en ${last4}`;
  return saved ? ' con una tarjeta registrada' : ' con una tarjeta';
};
const payment = (saved: boolean) => (d: Details) => {
  const cents = d.amount;
  const paid = Number.isInteger(cents) ? `Pagó $${((cents as number) / 100).toFixed(2)}` : 'Hizo un pago';
  return `${paid}${cardEnding(d, saved)}.`;
};
const forYears = (d: Details, name: string): string => {
  const n = Number(field(d, name));
  return Number.isInteger(n) && n > 0 ? ` por ${n} ${n === 1 ? 'año' : 'años'}` : '';
};
/** The languages' names as a Spanish sentence says them. */
const LANGUAGE_NAMES_ES: Record<Language, string> = { en: 'inglés', es: 'español' };

export const activitySentencesEs: Catalogue<typeof ACTIVITY_SENTENCES> = {
  // account
  'POST /api/update-account-address': fixed(
    'Dirección de la cuenta cambiada',
    'Cambió la dirección de la cuenta.',
  ),
  'POST /api/update-bill-address': fixed(
    'Dirección de facturación cambiada',
    'Cambió la dirección de facturación.',
  ),
  'POST /api/user-change-password': fixed(
    'Contraseña del portal cambiada',
    'Cambió la contraseña del portal.',
  ),
  'POST /api/change-unix-password': fixed(
    'Contraseña de correo electrónico cambiada',
    'Cambió la contraseña de correo electrónico.',
  ),
  'POST /api/user-reset-password': {
    action: 'Contraseña restablecida',
    summary: (d) =>
      `Restableció la contraseña del portal de${named(d, 'logname', 'account') || ' la cuenta'}.`,
  },
  'POST /api/reset-unix-password': {
    action: 'Contraseña de correo electrónico restablecida',
    summary: (d) =>
      `Restableció la contraseña de correo electrónico de${named(d, 'logname', 'account') || ' la cuenta'}.`,
  },
  'POST /api/change-statement-delivery': fixed(
    'Envío de estados de cuenta cambiado',
    'Cambió cómo se envían los estados de cuenta.',
  ),
  'POST /api/request-accounts': fixed('Cuentas solicitadas', 'Pidió nuevas cuentas secundarias.'),
  'POST /api/staff/secondary-request-done': fixed(
    'Cuentas creadas',
    'Se crearon las cuentas secundarias solicitadas.',
  ),
  'POST /api/sendmessage': fixed('Mensaje enviado', 'Envió un mensaje al servicio de asistencia.'),
  // billing
  'POST /api/add-card': fixed('Tarjeta agregada', 'Agregó una tarjeta de pago.'),
  'POST /api/update-card': fixed('Tarjeta cambiada', 'Cambió una tarjeta de pago.'),
  'POST /api/delete-card': fixed('Tarjeta eliminada', 'Eliminó una tarjeta de pago.'),
  'POST /api/single-payment': { action: 'Pago realizado', summary: payment(false) },
  'POST /api/saved-card-payment': { action: 'Pago realizado', summary: payment(true) },
  'POST /api/purchase-product': {
    action: 'Producto comprado',
    summary: (d) => `Compró un producto de coworking${named(d, 'product', 'product_id')}.`,
  },
  'POST /api/addtoaudit': fixed('Pago anotado', 'Se anotó un pago en la cuenta.'),
  // domains
  'POST /api/signagreement': {
    action: 'Acuerdo firmado',
    summary: (d) => `Firmó el acuerdo de registro${named(d, 'domain') ? ` de${named(d, 'domain')}` : ''}.`,
  },
  'POST /api/renew-domain': {
    action: 'Dominio renovado',
    summary: (d) =>
      `Renovó el dominio${named(d, 'renew_domain', 'domain')}${forYears(d, 'numyears')}${dollars(d, 'price') ? ` (${dollars(d, 'price').trim()})` : ''}.`,
  },
  'POST /api/domainedit': {
    action: 'Configuración del dominio cambiada',
    summary: (d) => `Cambió la configuración del dominio${named(d, 'domain')}.`,
  },
  'POST /api/addadmin': {
    action: 'Administrador de dominio agregado',
    summary: (d) =>
      `Permitió que${named(d, 'admin') || ' una cuenta'} administre${named(d, 'domain') || ' los dominios'}.`,
  },
  'POST /api/deleteadmin': {
    action: 'Administrador de dominio eliminado',
    summary: (d) =>
      `Dejó de permitir que${named(d, 'admin') || ' una cuenta'} administre${named(d, 'domain') || ' un dominio'}.`,
  },
  'POST /api/delete-admin-from-all': {
    action: 'Administrador de dominio eliminado',
    summary: (d) =>
      `Dejó de permitir que${named(d, 'admin') || ' una cuenta'} administre todos los dominios.`,
  },
  // mail
  'POST /api/add-domain-alias': {
    action: 'Alias de correo electrónico agregado',
    summary: (d) => `Agregó el alias de correo electrónico${alias(d, 'src_user', 'src_domain')}.`,
  },
  'POST /api/update-domain-alias': {
    action: 'Alias de correo electrónico cambiado',
    summary: (d) => `Cambió a dónde reenvía el alias de correo electrónico${alias(d, 'src', 'domain')}.`,
  },
  'POST /api/delete-domain-alias': {
    action: 'Alias de correo electrónico eliminado',
    summary: (d) => `Eliminó el alias de correo electrónico${alias(d, 'src', 'domain')}.`,
  },
  'POST /api/add-tempemail': {
    action: 'Alias temporal agregado',
    summary: (d) => `Agregó el alias temporal${named(d, 'name')}.`,
  },
  'POST /api/tempemail-alias': {
    action: 'Alias temporal agregado',
    summary: (d) => `Agregó el alias temporal${named(d, 'name', 'alias')}.`,
  },
  'POST /api/update-tempemail': {
    action: 'Alias temporal cambiado',
    summary: (d) => `Cambió el alias temporal${named(d, 'name', 'alias')}.`,
  },
  'POST /api/add-recovery-email': {
    action: 'Dirección de recuperación agregada',
    summary: (d) => `Agregó la dirección de recuperación${named(d, 'email')}.`,
  },
  'POST /api/delete-recovery-email': fixed(
    'Dirección de recuperación eliminada',
    'Eliminó una dirección de recuperación.',
  ),
  'POST /api/subscribe-portal': fixed('Suscripción al boletín cambiada', 'Cambió la suscripción al boletín.'),
  'POST /api/auto-responder': {
    action: 'Respuesta automática configurada',
    summary: (d) =>
      when(d, 'start') && when(d, 'end')
        ? `Configuró la respuesta automática para responder del ${when(d, 'start')} al ${when(d, 'end')}${named(d, 'reply_to') ? `, respondiendo desde${named(d, 'reply_to')}` : ''}.`
        : 'Configuró la respuesta automática.',
  },
  // hosting
  'POST /api/update-php-version': {
    action: 'Versión de PHP cambiada',
    summary: (d) =>
      `Cambió la versión de PHP de un sitio web${named(d, 'php_version', 'version') ? ` a${named(d, 'php_version', 'version')}` : ''}.`,
  },
  'POST /api/watcherrorlogs': fixed(
    'Ajuste de registros de errores cambiado',
    'Cambió si un sitio web guarda registros de errores.',
  ),
  'POST /api/download-errorlogs': fixed(
    'Registros de errores descargados',
    'Descargó los registros de errores de un sitio web.',
  ),
  'POST /api/installapp': {
    action: 'Aplicación web instalada',
    summary: (d) => `Pidió instalar${named(d, 'app', 'webapp') || ' una aplicación web'}.`,
  },
  'POST /api/devsite-request': fixed('Sitio de desarrollo solicitado', 'Pidió un sitio de desarrollo.'),
  // secondary administration and contacts
  'POST /api/update-admins': fixed(
    'Administradores del panel cambiados',
    'Cambió qué cuentas secundarias son administradores del panel.',
  ),
  'POST /api/add-contact': {
    action: 'Contacto agregado',
    summary: (d) => `Agregó el contacto${named(d, 'contact')}.`,
  },
  'POST /api/update-contact': {
    action: 'Contacto cambiado',
    summary: (d) => `Cambió el contacto${named(d, 'contact')}.`,
  },
  'POST /api/delete-contact': fixed('Contacto eliminado', 'Eliminó un contacto.'),
  // sessions
  'POST /api/end-session': fixed('Sesión cerrada', 'Cerró la sesión de un navegador.'),
  'POST /api/end-other-sessions': fixed(
    'Sesiones cerradas',
    'Cerró la sesión de todos los demás navegadores.',
  ),
  // second factor and passkeys
  'POST /api/totp-setup': fixed(
    'Configuración de la aplicación de autenticación iniciada',
    'Empezó a configurar una aplicación de autenticación.',
  ),
  'POST /api/totp-confirm': fixed(
    'Aplicación de autenticación activada',
    'Activó los códigos de inicio de sesión de una aplicación de autenticación.',
  ),
  'POST /api/totp-disable': fixed(
    'Aplicación de autenticación desactivada',
    'Desactivó los códigos de inicio de sesión de una aplicación de autenticación.',
  ),
  'POST /api/recovery-codes': fixed(
    'Códigos de recuperación renovados',
    'Generó nuevos códigos de recuperación; los anteriores ya no sirven.',
  ),
  'POST /api/remove-second-factor': fixed(
    'Segundo factor eliminado',
    'Eliminó el segundo factor de la cuenta y cerró la sesión de todos los navegadores.',
  ),
  'POST /api/passkey-register-options': fixed(
    'Configuración de llave de acceso iniciada',
    'Empezó a agregar una llave de acceso.',
  ),
  'POST /api/passkey-register': {
    action: 'Llave de acceso agregada',
    summary: (d) => `Agregó la llave de acceso${named(d, 'name')}.`,
  },
  'POST /api/rename-passkey': {
    action: 'Llave de acceso renombrada',
    summary: (d) => `Renombró una llave de acceso${named(d, 'name') ? ` como${named(d, 'name')}` : ''}.`,
  },
  'POST /api/delete-passkey': fixed('Llave de acceso eliminada', 'Eliminó una llave de acceso.'),
  // personal access tokens
  'POST /api/create-api-token': {
    action: 'Token de API creado',
    summary: (d) => `Creó el token de API${named(d, 'name')}.`,
  },
  'POST /api/revoke-api-token': fixed('Token de API revocado', 'Revocó un token de API.'),
  // app passwords for mail
  'POST /api/create-mail-app-password': {
    action: 'Contraseña de aplicación creada',
    summary: (d) => `Creó la contraseña de aplicación para el correo${named(d, 'name')}.`,
  },
  'POST /api/revoke-mail-app-password': fixed(
    'Contraseña de aplicación revocada',
    'Revocó una contraseña de aplicación para el correo.',
  ),
  'POST /api/require-mail-app-passwords': {
    action: 'Ajuste de contraseñas de aplicación cambiado',
    summary: (d) =>
      d.required === true
        ? 'Pidió que los programas de correo usen solo contraseñas de aplicación.'
        : 'Pidió que la contraseña de correo electrónico vuelva a servir para los programas de correo.',
  },
  // the account's language
  'POST /api/set-language': {
    action: 'Idioma cambiado',
    summary: (d) =>
      isLanguage(d.language)
        ? `Eligió ${LANGUAGE_NAMES_ES[d.language]} para el portal y sus correos.`
        : 'Cambió el idioma del portal y de sus correos.',
  },
  // notification preferences
  'POST /api/set-notice-preference': {
    action: 'Notificaciones cambiadas',
    summary: (d) => {
      const category = NOTICE_CATEGORIES.find((c) => c === d.category);
      const sendTo = NOTICE_SEND_TO.find((v) => v === d.send_to);
      if (!category || !sendTo) return 'Cambió a dónde se envían las notificaciones.';
      const copies = [
        typeof d.copy_secondary === 'string' ? `la secundaria ${d.copy_secondary}` : '',
        typeof d.copy_recovery === 'number' ? 'una dirección de recuperación' : '',
      ].filter(Boolean);
      const copy = copies.length ? ` ${noticeTextEs.copySummary(copies.join(' y '))}` : '';
      return `Notificaciones de ${noticeTextEs.categories[category].toLowerCase()}: ${noticeTextEs.sendTo[sendTo]}.${copy}`;
    },
  },
};

export const activityTextEs: Catalogue<typeof activityText> = {
  otherAction: 'Cuenta cambiada',
  otherSummary: 'Se hizo un cambio en la cuenta.',
  viaToken: (name) => ` Hecho con el token de API "${name}".`,
  viaAnyToken: ' Hecho con un token de API.',
};
