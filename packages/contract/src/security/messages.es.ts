import type { Catalogue } from '../i18n/catalogue.ts';
import type { securityText } from './messages.ts';
import type { SIGN_IN_METHOD_TEXT, SIGN_IN_RESULT_TEXT } from './session-calls.ts';

/** The Security screen in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const securityTextEs: Catalogue<typeof securityText> = {
  pageTitle: (account) => `Seguridad de ${account}`,
  required: 'Obligatorio',

  passwordTitle: 'Contraseña',
  passwordAbout:
    'La contraseña del panel de miembros es lo primero que pide el inicio de sesión. Elija una que no use en ningún otro sitio.',
  changePassword: 'Cambiar la contraseña del panel',
  panelPassword: 'Contraseña del panel',

  recoveryTitle: 'Códigos de recuperación',
  recoveryWithApp:
    'Los códigos de recuperación vienen con la aplicación de autenticación: le permiten iniciar sesión si pierde el teléfono.',
  recoveryLeft: (left, all) =>
    `${left} de ${all} códigos sin usar. Cada uno sirve una vez para iniciar sesión en lugar de la aplicación.`,
  recoveryNewHint: 'Los códigos nuevos sustituyen a los anteriores, que dejan de funcionar.',
  makeRecoveryCodes: 'Generar códigos de recuperación nuevos',
  newRecoveryCodes: 'Códigos de recuperación nuevos',
  codesFileText: (account) => `Códigos de recuperación de ${account} (cada uno sirve una vez):`,
  codesShownTitle: 'Sus códigos de recuperación: se muestran solo ahora',
  codesShownAbout:
    'Si pierde el teléfono, cada uno de estos códigos le permite iniciar sesión una vez en lugar de la aplicación. Guárdelos en un lugar seguro, lejos del teléfono: esta pantalla no volverá a mostrarlos.',
  copied: 'Copiados',
  copyCodes: 'Copiar los códigos',
  downloadCodes: 'Descargar los códigos',

  signInsTitle: 'Inicios de sesión recientes',
  signInsAbout: (days) => `Cada intento de iniciar sesión en su cuenta en los últimos ${days} días.`,
  when: 'Cuándo',
  result: 'Resultado',
  with: 'Con',
  browser: 'Navegador',
  network: 'Red',
  unknownBrowser: 'Navegador desconocido',
  unknown: 'Desconocida',
  noSignIns: 'No hay inicios de sesión.',
  noSignInsBecause: (why) => `No hay inicios de sesión: ${why}`,
};

/** How a sign-in was made, in Spanish. */
export const signInMethodTextEs: Catalogue<typeof SIGN_IN_METHOD_TEXT> = {
  password: 'Contraseña',
  'password+code': 'Contraseña y código de autenticación',
  'password+passkey': 'Contraseña y llave de acceso',
  passkey: 'Llave de acceso',
  staff: 'Personal',
  directory: 'Directorio del personal',
  'directory+mfa': 'Directorio del personal con segundo factor',
};

/** A sign-in's result, in Spanish. */
export const signInResultTextEs: Catalogue<typeof SIGN_IN_RESULT_TEXT> = {
  success: 'Sesión iniciada',
  bad_password: 'Contraseña incorrecta',
  throttled: 'Rechazado: demasiados intentos',
  code_pending: 'Esperando el código',
  code_failed: 'Código incorrecto',
  code_expired: 'Código no introducido a tiempo',
};
