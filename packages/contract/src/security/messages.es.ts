import { type Catalogue, plural } from '../i18n/catalogue.ts';
import type { securityText } from './messages.ts';
import type { SIGN_IN_METHOD_TEXT, SIGN_IN_RESULT_TEXT } from './sign-in-texts.ts';

/** The Security screen in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const securityTextEs: Catalogue<typeof securityText> = {
  pageTitle: (account) => `Seguridad de ${account}`,
  required: 'Obligatorio',

  passwordTitle: 'Contraseña',
  passwordAbout:
    'La contraseña del panel de socios es lo primero que pide el inicio de sesión. Elija una que no use en ningún otro sitio.',
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
  deviceOn: (browser, system) => `${browser} en ${system}`,
  unknown: 'Desconocida',
  noSignIns: 'No hay inicios de sesión.',
  noSignInsBecause: (why) => `No hay inicios de sesión: ${why}`,

  sessionsTitle: 'Dónde tiene la sesión iniciada',
  signOutOthers: 'Cerrar las demás sesiones',
  sessionsAbout: '¿No reconoce una sesión? Ciérrela y cambie su contraseña.',
  sessions: 'Sesiones',
  noSessions: 'No hay sesiones.',
  noSessionsBecause: (why) => `No hay sesiones: ${why}`,
  notEnded: 'No se cerró la sesión',
  sessionEnded: 'Se cerró la sesión.',
  sessionAlreadyEnded: 'La sesión ya estaba cerrada.',
  sessionsEnded: (n) => (n === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${n} sesiones.`),
  signedOutElsewhere: 'Sesiones cerradas en otros navegadores',
  device: 'Dispositivo',
  thisBrowser: 'Este navegador',
  showOlder: (n, device) =>
    `Mostrar ${n} ${plural('es', n, { one: 'sesión anterior', other: 'sesiones anteriores' })} de ${device}`,
  signedInWith: 'Inició sesión con',
  signedIn: 'Inicio de sesión',
  lastActive: 'Última actividad',
  signOut: 'Cerrar sesión',
  signOutThe: (device) => `Cerrar la sesión de ${device}`,
  thisSession: 'esta sesión',

  staffSetupTitle: 'Configure su segundo factor',
  staffSetupAbout:
    'Las cuentas del personal pueden actuar sobre la cuenta de cualquier cliente, por eso inician sesión con una contraseña y un código de una aplicación de autenticación. Configure la aplicación ahora: el portal se abre en cuanto esté activada.',
  staffSetupContinue: 'He guardado mis códigos de recuperación: continuar',

  authenticatorTitle: 'Aplicación de autenticación',
  authenticatorAbout:
    'Una aplicación de autenticación en su teléfono (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…) muestra un código nuevo de seis dígitos cada 30 segundos. Con ella activada, el inicio de sesión pide ese código después de la contraseña, de modo que una contraseña robada no basta para abrir la cuenta.',
  authenticatorUnread: 'No se pudo leer el estado de la aplicación de autenticación.',
  onSince: (since) => `Activada${since ? ` desde el ${since}` : ''}.`,
  offOnlyOwner: (account) =>
    `Desactivada. Solo ${account} puede activarla, desde su propio inicio de sesión.`,
  authenticatorOn: 'Aplicación de autenticación activada',
  authenticatorOff: 'Aplicación de autenticación desactivada',
  setUpApp: 'Configurar la aplicación',
  scanStep: '1. En la aplicación, añada una cuenta y escanee este código:',
  qrLabel: (account) => `Código QR para añadir ${account} a una aplicación de autenticación`,
  typeKey: '¿No puede escanearlo? Escriba esta clave en la aplicación (una clave basada en el tiempo):',
  codeStep: '2. Introduzca el código de seis dígitos que muestra la aplicación',
  passwordStep: '3. Su contraseña del panel, para confirmar que es usted',
  passwordStepHint: 'Un segundo factor es un acceso duradero: una sesión por sí sola no puede activarlo.',
  turnOn: 'Activar',
  cancel: 'Cancelar',
  turnOffOpen: 'Desactivar…',
  turnOffAbout:
    'Para desactivarla necesita su contraseña y un código de la aplicación (o un código de recuperación).',
  codeOrRecovery: 'Código de la aplicación o código de recuperación',
  turnOff: 'Desactivar la aplicación de autenticación',
  keepOn: 'Mantenerla activada',
  factorRemoved: 'Segundo factor eliminado',
  problems: 'Problemas',
  removeWarning: (account) =>
    `Solo después de comprobar quién lo pide: se envía un correo electrónico a ${account} y se cierran todas las sesiones de ${account}.`,
  removeFactorOf: (account) => `Eliminar el segundo factor de ${account}`,
  removeFactorOpen: 'Eliminar el segundo factor…',

  name: 'Nombre',
  added: 'Añadida',
  lastUsed: 'Último uso',
  kind: 'Tipo',
  actions: 'Acciones',
  rename: 'Renombrar',
  remove: 'Eliminar',
  save: 'Guardar',
  passkeysUnavailable: 'Llaves de acceso no disponibles',
  passkeyName: 'Nombre de la llave de acceso',
  passkeyNameHint: 'Para distinguir sus llaves de acceso, p. ej., Portátil del trabajo',
  renamePasskey: 'Renombrar la llave de acceso',
  removePasskey: 'Eliminar la llave de acceso',

  activityAbout: 'Cambios hechos en su cuenta por usted, sus cuentas secundarias y nuestro personal.',
  activityExample: 'p. ej., contraseña, dirección, un dominio',
  who: 'Quién',
  what: 'Qué',
  details: 'Detalles',
  staff: 'Personal',
  noActivity: 'Todavía no hay actividad.',
  noActivityBecause: (why) => `No hay actividad: ${why}`,
  nothingMatches: 'Nada coincide con la búsqueda.',
  activityCaption: 'Actividad de la cuenta',
  activityPages: 'Páginas de actividad',
  pageControl: (control) =>
    ({
      first: 'primera página',
      previous: 'página anterior',
      next: 'página siguiente',
      last: 'última página',
    })[control],
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
