import type { Catalogue } from '../i18n/catalogue.ts';
import type { passkeyText } from './passkey-messages.ts';

/** The passkeys' texts in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const passkeyTextEs: Catalogue<typeof passkeyText> = {
  added: 'Llave de acceso añadida',
  renamed: 'Llave de acceso renombrada',
  removed: 'Llave de acceso eliminada',
  notAccepted:
    'No se aceptó esta llave de acceso. Inicie sesión con su contraseña o pruebe con otra llave de acceso.',
  expired: 'La solicitud de la llave de acceso caducó o ya se usó; inténtelo de nuevo',
  rejected: 'No se pudo añadir la llave de acceso; inténtelo de nuevo',
  duplicate: 'Esta llave de acceso ya está registrada en su cuenta',
  limit: (n) => `Una cuenta puede tener como máximo ${n} llaves de acceso: elimine una primero`,
  invalidResponse: 'Respuesta de llave de acceso no válida',
  nameMax: 'Como máximo 64 caracteres',

  panelTitle: 'Llaves de acceso',
  panelIntro:
    'Una llave de acceso le permite iniciar sesión con su huella, su rostro, el bloqueo de pantalla o una llave de seguridad en lugar de su contraseña. Solo funciona en este portal, así que no se puede suplantar.',
  none: 'Todavía no tiene llaves de acceso.',
  addButton: 'Añadir una llave de acceso',
  signInButton: 'Entrar con una llave de acceso',
  unsupported:
    'Este navegador no puede usar llaves de acceso. Use una versión actual de Chrome, Edge, Firefox o Safari, o inicie sesión con su contraseña.',
  cancelled: 'La solicitud de la llave de acceso se canceló o se agotó el tiempo.',
  staffReadOnly: 'Solo el cliente puede añadir, renombrar o eliminar sus llaves de acceso.',
  defaultName: 'Llave de acceso',
  alreadyOnDevice: 'Este dispositivo ya tiene una llave de acceso para su cuenta.',
  addFailed: 'No se añadió la llave de acceso',
  renameFailed: 'No se renombró la llave de acceso',
  removeFailed: 'No se eliminó la llave de acceso',
  signInFailed: 'Falló el inicio de sesión con llave de acceso',
  removeConfirm: (name) =>
    `¿Eliminar la llave de acceso "${name}"? Ya no podrá iniciar sesión en su cuenta con ella. Escriba su contraseña actual para confirmar.`,
  synced: 'Sincronizada',
  deviceOnly: 'Solo este dispositivo',
  never: 'Nunca',

  addedSubject: 'Se añadió una llave de acceso a su cuenta',
  removedSubject: 'Se eliminó una llave de acceso de su cuenta',
};
