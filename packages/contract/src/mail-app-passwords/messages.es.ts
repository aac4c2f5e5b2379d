import type { Catalogue } from '../i18n/catalogue.ts';
import { plural } from '../i18n/catalogue.ts';
import type { mailAppPasswordScreenText, mailAppPasswordText } from './messages.ts';

/** mailAppPasswordText in Spanish (docs/languages.md: `usted`, the terms of the glossary). */
export const mailAppPasswordTextEs: Catalogue<typeof mailAppPasswordText> = {
  nameRequired: 'Dé un nombre a la contraseña de aplicación',
  nameTaken: (name) => `Ya tiene una contraseña de aplicación llamada "${name}"`,
  tooMany: (max) =>
    `Una cuenta puede tener como máximo ${max} contraseñas de aplicación; revoque una primero`,
  staffAccount: 'Las cuentas del personal no pueden tener contraseñas de aplicación para el correo',
  secondFactorNeeded:
    'Active primero la aplicación de autenticación: solo una cuenta con segundo factor puede exigir contraseñas de aplicación',
  created: 'Contraseña de aplicación creada',
  shownOnce:
    'Introduzca ahora esta contraseña en el dispositivo o la aplicación: solo se muestra una vez y no se puede volver a leer.',
  revoked: 'Contraseña de aplicación revocada',
  notFound: 'Contraseña de aplicación no encontrada',
  requireOn:
    'Dentro de unos diez minutos, los programas de correo deberán usar contraseñas de aplicación: la contraseña de correo dejará de funcionar para IMAP, POP3 y SMTP',
  requireOff:
    'Dentro de unos diez minutos, la contraseña de correo volverá a funcionar para IMAP, POP3 y SMTP',
  resetRevoked: (n) =>
    plural('es', n, {
      one: 'Se ha revocado la contraseña de aplicación para el correo.',
      other: `Se han revocado las ${n} contraseñas de aplicación para el correo.`,
    }),
  requireUnchanged: 'No hay nada que cambiar: la opción ya es esa',
};

/** mailAppPasswordScreenText in Spanish. */
export const mailAppPasswordScreenTextEs: Catalogue<typeof mailAppPasswordScreenText> = {
  title: 'Contraseñas de correo',
  intro:
    'Una contraseña de aplicación permite que un programa de correo o un dispositivo lea (IMAP, POP3) o envíe (SMTP) correo como esta cuenta, en lugar de su contraseña de correo. Cree una por dispositivo: así podrá revocar la de un teléfono perdido sin cambiar nada más. El portal genera la contraseña; usted no puede elegirla.',
  scopeAll: 'IMAP/POP3 y SMTP',
  scopeBoth: 'Ambos',
  never: 'Nunca',
  notCreated: 'No se ha creado la contraseña de aplicación',
  notRevoked: 'No se ha revocado la contraseña de aplicación',
  settingSaved: 'Opción guardada',
  settingNotChanged: 'No se ha cambiado la opción',
  name: 'Nombre',
  namePlaceholder: 'Teléfono',
  for: 'Para',
  created: 'Creada',
  lastUsed: 'Último uso',
  revoke: 'Revocar',
  dismiss: 'Descartar la contraseña de aplicación nueva',
  create: 'Crear la contraseña de aplicación',
  empty: 'No hay contraseñas de aplicación',
  caption: 'Contraseñas de aplicación para el correo',
  requireTitle: 'Exigir contraseñas de aplicación',
  requireHelp:
    'Si se activa, su contraseña de correo deja de funcionar en los programas de correo (IMAP, POP3, SMTP): solo funcionan las contraseñas de aplicación, de modo que una contraseña de correo robada no permite leer su correo. Los cambios tardan unos diez minutos en llegar a los servidores de correo.',
  pendingAt: (on, time) => `${on ? 'Se activará' : 'Se desactivará'} hacia las ${time}.`,
  requireSwitch: 'Los programas de correo deben usar contraseñas de aplicación',
  currentPassword: 'Su contraseña actual (para cambiarlo)',
};
