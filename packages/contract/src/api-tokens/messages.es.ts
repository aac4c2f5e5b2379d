import type { Catalogue } from '../i18n/catalogue.ts';
import { plural } from '../i18n/catalogue.ts';
import type { apiTokenScreenText, apiTokenText } from './messages.ts';

/** apiTokenText in Spanish (docs/languages.md: `usted`, the terms of the glossary). */
export const apiTokenTextEs: Catalogue<typeof apiTokenText> = {
  nameRequired: 'Dé un nombre al token',
  expiryRequired: 'Elija cuándo caduca el token',
  expiryPast: 'La caducidad debe ser una fecha futura',
  expiryTooFar: (days) => `Un token caduca como máximo dentro de ${days} días (un año)`,
  nameTaken: (name) => `Ya tiene un token llamado "${name}"`,
  tooMany: (max) => `Una cuenta puede tener como máximo ${max} tokens; revoque uno primero`,
  staffAccount:
    'Las cuentas del personal no pueden tener tokens de API: inicie sesión para trabajar en una cuenta',
  readOnly: 'Este token solo puede leer (llamadas GET): cree un token con acceso completo para hacer cambios',
  sessionOnly: 'Esta llamada necesita una sesión iniciada: un token de API no puede hacerla',
  created: 'Token creado',
  shownOnce: 'Copie el token ahora: solo se muestra una vez y no se puede volver a leer.',
  revoked: 'Token revocado',
};

/** apiTokenScreenText in Spanish. */
export const apiTokenScreenTextEs: Catalogue<typeof apiTokenScreenText> = {
  title: 'Tokens de API',
  oneYear: '1 año',
  days: (n) => `${n} ${plural('es', n, { one: 'día', other: 'días' })}`,
  never: 'Nunca',
  notCreated: 'No se ha creado el token',
  notRevoked: 'No se ha revocado el token',
  name: 'Nombre',
  access: 'Acceso',
  full: 'Completo',
  readOnly: 'Solo lectura',
  created: 'Creado',
  lastUsed: 'Último uso',
  expires: 'Caduca',
  expired: 'Caducado',
  revoke: 'Revocar',
  introBefore:
    'Un token de acceso personal permite que un script use la API del portal como esta cuenta, sin contraseña: envíelo como',
  introAfter:
    '. Un token de solo lectura solo hace llamadas GET. Ningún token puede crear tokens, cambiar contraseñas ni dar acceso a nadie, y ninguno tiene los poderes del personal. Todas las llamadas, con sus parámetros, respuestas y errores, están en la',
  apiReference: 'referencia de la API',
  dismiss: 'Descartar el token nuevo',
  staffNote: 'Solo la propia cuenta puede crear tokens. Usted puede ver y revocar los tokens de esta cuenta.',
  namePlaceholder: 'Facturas cada noche',
  expiresIn: 'Caduca en',
  create: 'Crear el token',
  empty: 'No hay tokens de API',
  caption: 'Tokens de API',
};
