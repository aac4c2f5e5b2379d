import { type Catalogue, plural } from '../i18n/catalogue.ts';
import { utcMoment } from '../i18n/moments.ts';
import type { accountNoticeText, customerMailText, resetMailText } from './mails.ts';

export const resetMailTextEs: Catalogue<typeof resetMailText> = {
  panelPassword: 'del panel de socios',
  emailPassword: 'de correo/unix',
  subject: (name: string) => `Restablecimiento de su contraseña ${name}`,
  body: (name: string, owner: string, minutes: number, link: string) =>
    [
      `Alguien (esperamos que usted) ha pedido restablecer la contraseña ${name} de la cuenta ${owner}.`,
      '',
      `Para elegir una contraseña nueva, abra este enlace en los próximos ${minutes} minutos:`,
      '',
      link,
      '',
      'El enlace sirve una sola vez. Si usted no pidió el restablecimiento, ignore este mensaje: su contraseña no cambia.',
    ].join('\n'),
};

export const accountNoticeTextEs: Catalogue<typeof accountNoticeText> = {
  closing:
    'Si usted no hizo este cambio, inicie sesión y cambie su contraseña de inmediato, y llame al servicio de asistencia.',
  newDeviceSubject: 'Nuevo inicio de sesión en su cuenta',
  unknown: 'desconocido',
  newDeviceBody: (account: string, when: string, browser: string, network: string) =>
    [
      `Se ha iniciado sesión en su cuenta ${account} desde un navegador que no la había usado antes.`,
      '',
      `Cuándo: ${when} UTC`,
      `Navegador: ${browser}`,
      `Red: ${network}`,
      '',
      'Si fue usted, no tiene que hacer nada. Sus sesiones y los inicios de sesión recientes aparecen en la pantalla Seguridad, donde puede cerrar la sesión de otros navegadores.',
    ].join('\n'),

  passwordChangedSubject: (account: string) => `Se cambió la contraseña de la cuenta ${account}`,
  passwordChanged: (account: string, by: string) =>
    `Se cambió la contraseña del panel de socios de la cuenta ${account} (por ${by}).`,
  byResetLink: 'un enlace de restablecimiento',

  recoveryAddedSubject: (account: string) => `Se añadió una dirección de recuperación a la cuenta ${account}`,
  recoveryAdded: (email: string, account: string, by: string) =>
    `${by} añadió ${email} como dirección de recuperación de la cuenta ${account}.`,
  recoveryAddedThen:
    'Una vez confirmada, se le podrán enviar enlaces de restablecimiento de contraseña de la cuenta.',

  appPasswordCreatedSubject: (account: string) =>
    `Se creó una contraseña de aplicación de correo para la cuenta ${account}`,
  appPasswordCreated: (name: string, scope: string, account: string) =>
    `Se creó para la cuenta ${account} una contraseña de aplicación llamada "${name}" para ${scope}.`,
  appPasswordScopes: {
    all: 'leer (IMAP, POP3) y enviar (SMTP) correo',
    imap: 'leer correo (IMAP, POP3)',
    smtp: 'enviar correo (SMTP)',
  },
  appPasswordUntil:
    'Funciona hasta que se revoque en la página Contraseñas de correo del portal de miembros:',
  appPasswordsRequiredSubject: (account: string) =>
    `La cuenta ${account} exige ahora contraseñas de aplicación para el correo`,
  appPasswordsNotRequiredSubject: (account: string) =>
    `La cuenta ${account} ya no exige contraseñas de aplicación para el correo`,

  apiTokenCreatedSubject: (account: string) => `Se creó un token de API para la cuenta ${account}`,
  apiTokenCreated: (name: string, access: string, account: string) =>
    `Se creó para la cuenta ${account} un token de API llamado "${name}" con acceso ${access}.`,
  apiTokenAccess: { full: 'completo', read: 'de solo lectura' },
  apiTokenUntil: (expires: Date) =>
    `Funciona hasta el ${utcMoment('es', expires)}, salvo que se revoque en la página Tokens de API del portal de miembros:`,

  domainAdminAddedSubject: (account: string) =>
    `Se añadió un administrador de dominios a la cuenta ${account}`,
  domainAdminAdded: (by: string, admin: string, domains: string) =>
    `${by} hizo a la cuenta ${admin} administradora de ${domains}.`,
  allDomainsOf: (account: string) => `todos los dominios de la cuenta ${account}`,
  domainAdminMay:
    'Un administrador de dominios puede cambiar adónde va el correo del dominio, su dirección de contacto y su renovación.',

  secondFactorOnSubject: (account: string) => `El segundo factor está activado en la cuenta ${account}`,
  secondFactorOn: (account: string, by: string) =>
    `Una aplicación de autenticación protege ahora el inicio de sesión de la cuenta ${account} (configurada por ${by}).`,
  secondFactorOnThen:
    'Al iniciar sesión se pide ahora un código de la aplicación o uno de los códigos de recuperación.',
  secondFactorOffSubject: (account: string) => `El segundo factor de la cuenta ${account} está desactivado`,
  secondFactorOff: (account: string, by: string) =>
    `Se desactivó la aplicación de autenticación de la cuenta ${account} (por ${by}).`,
  secondFactorOffThen: 'Al iniciar sesión se pide ahora solo la contraseña.',
  recoveryCodesSubject: (account: string) => `Nuevos códigos de recuperación para la cuenta ${account}`,
  recoveryCodes: (account: string, by: string) =>
    `Se generaron nuevos códigos de recuperación para la cuenta ${account} (por ${by}); los anteriores ya no sirven.`,
  secondFactorRemovedSubject: (account: string) => `Se quitó el segundo factor de la cuenta ${account}`,
  secondFactorRemoved: (staff: string, account: string) =>
    `Nuestro personal (${staff}) quitó el segundo factor de la cuenta ${account} a petición suya.`,
  secondFactorRemovedThen:
    'Se cerraron todas las sesiones de la cuenta. Inicie sesión con su contraseña y configure una nueva aplicación de autenticación.',

  passkeyAdded: (name: string, account: string, at: Date) =>
    `Se añadió una llave de acceso llamada "${name}" a su cuenta ${account} el ${utcMoment('es', at)}.`,
  passkeyAddedThen: 'Con ella se puede iniciar sesión en el portal de miembros sin su contraseña.',
  passkeyRemoved: (name: string, account: string, at: Date) =>
    `Se eliminó la llave de acceso llamada "${name}" de su cuenta ${account} el ${utcMoment('es', at)}.`,
  passkeyRemovedThen: 'Con ella ya no se puede iniciar sesión en el portal de miembros.',
  passkeyClosing: (helpDesk: string) =>
    `Si no fue usted, inicie sesión, elimine la llave de acceso en Cuenta > Seguridad, cambie su contraseña del panel de socios y escriba a ${helpDesk}.`,
};

export const customerMailTextEs: Catalogue<typeof customerMailText> = {
  aliasExpiredSubject: (address: string) => `El alias temporal ${address} ha caducado`,
  aliasExpiredBody: (address: string, expired: Date, forwardsTo: string, fades: Date, reserved: Date) =>
    [
      `Su alias temporal ${address} caducó el ${utcMoment('es', expired)} y ya no reenvía a ${forwardsTo}.`,
      '',
      `Puede prolongarlo en la página Correo temporal del portal de miembros hasta el ${utcMoment('es', fades)}.`,
      `Después desaparece; su nombre queda reservado hasta el ${utcMoment('es', reserved)} y nadie puede usarlo.`,
    ].join('\n'),
  apiTokenExpiringSubject: (name: string, expires: Date) =>
    `El token de API "${name}" caduca el ${utcMoment('es', expires)}`,
  apiTokenExpiringBody: (name: string, account: string, expires: Date, pageUrl: string) =>
    [
      `El token de API "${name}" de la cuenta ${account} caduca el ${utcMoment('es', expires)}.`,
      'Después se rechazarán los scripts que lo usen. Para que sigan funcionando, cree un token nuevo en la',
      `página Tokens de API del portal de miembros y póngalo en su lugar: ${pageUrl}`,
    ].join('\n'),
  recoveryConfirmSubject: 'Confirme su dirección de recuperación',
  recoveryConfirmBody: (email: string, account: string, hours: number, link: string) =>
    [
      `${email} se añadió como dirección de recuperación de la cuenta ${account}: se le podrán enviar enlaces de restablecimiento de contraseña de esa cuenta.`,
      '',
      `Para confirmarla, abra este enlace en las próximas ${hours} horas:`,
      '',
      link,
      '',
      'Si no conoce esta cuenta, ignore este mensaje: no se le enviará ningún enlace de restablecimiento.',
    ].join('\n'),
  replyToConfirmSubject: 'Confirme la dirección de respuesta de una respuesta automática',
  replyToConfirmBody: (
    account: string,
    mailbox: string,
    replyTo: string,
    start: string,
    end: string,
    hours: number,
    link: string,
  ) =>
    [
      `La cuenta ${account} ha pedido que las respuestas automáticas de ${mailbox} se envíen con ${replyTo} como remitente, desde el ${start} hasta el ${end}.`,
      '',
      `Para permitirlo, abra este enlace en las próximas ${hours} horas:`,
      '',
      link,
      '',
      'Si no conoce esta cuenta, ignore este mensaje: no se enviará ninguna respuesta en su nombre.',
    ].join('\n'),
  newsletterConfirmSubject: 'Confirme su suscripción al Portal',
  newsletterConfirmBody: (account: string, email: string, link: string, pastIssues: string) =>
    [
      'Hola:',
      '',
      `Alguien (la cuenta ${account}) ha pedido suscribir ${email} al Portal, nuestro boletín mensual.`,
      'Para confirmar la suscripción, abra este enlace:',
      '',
      link,
      '',
      'Si usted no lo pidió, ignore este mensaje: no se le enviará nada.',
      `Números anteriores: ${pastIssues}`,
    ].join('\n'),
  accountsReadySubject: 'Sus nuevas cuentas están listas',
  accountsReadyBody: (owner: string, rows: string[]) =>
    [
      `Las cuentas secundarias solicitadas para ${owner} están listas:`,
      '',
      ...rows,
      '',
      'Establezca sus contraseñas en Cuenta > Contraseñas de las cuentas secundarias, en el portal de miembros.',
    ].join('\n'),
  renewalNoticeBody: (
    domain: string,
    years: number,
    price: string,
    expiration: string,
    newExpiration: string,
    by: string,
    owner: string | null,
  ) =>
    [
      `Hemos recibido su solicitud de renovar ${domain} por ${years} ${plural('es', years, { one: 'año', other: 'años' })} ($${price}).`,
      '',
      `Fecha de vencimiento actual: ${expiration}`,
      `Nueva fecha de vencimiento: ${newExpiration}`,
      '',
      'El registro suele confirmar una renovación en menos de una hora; hasta entonces, la lista de dominios la muestra como pendiente.',
      'El cargo aparecerá en su próxima factura.',
      '',
      `Solicitado por ${by}${owner === null ? '' : ` para ${owner}`}.`,
    ].join('\n'),
  appInstalledSubject: (app, url) => `${app} instalado en ${url}`,
  appInstalledBody: (app, version, url) =>
    `${app} ${version} se ha instalado en ${url}.\n\nTermine allí su configuración.\n`,
  devsiteReadySubject: (domain) => `Su sitio de desarrollo para ${domain} está listo`,
  devsiteReadyBody: (domain, kind) =>
    `El sitio de desarrollo para ${domain} (${kind}) está listo en dev.${domain}.\n`,
};
