import { type Catalogue, plural } from '../i18n/catalogue.ts';
import {
  BCRYPT_MAX_BYTES,
  PASSWORD_COUNT_MAX,
  type ToolText,
  type toolsScreenText,
  type toolsText,
} from './messages.ts';

/** The tools screens in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const toolsTextEs: Catalogue<typeof toolsText> = {
  answerError: (error) => `Error: ${error}`,

  textRequired: 'Escriba algún texto',
  passwordRequired: 'Escriba una contraseña para comprobarla',
  passwordTooLong: (max) => `La contraseña es demasiado larga: como máximo ${max} caracteres`,
  wrongItem: (expected) => `item debe ser ${expected} en esta llamada (u omitirse)`,
  useNumbersInvalid: 'use_numbers debe ser 0 o 1',
  offsetRequired: 'Escriba los segundos que sumar o restar (0 para la hora actual)',
  timestampRequired: 'Escriba una marca de tiempo Unix',

  hashTitle: 'Generador de hashes',
  hashLabel: 'Texto del que calcular el hash',
  hashHint:
    'MD5 y SHA-1 se muestran como resúmenes hexadecimales. bcrypt usa como máximo 72 bytes del texto.',

  base64Title: 'Codificar / decodificar Base64',
  base64Label: 'Texto o Base64',

  unixTitle: 'Herramientas de hora Unix',
  offsetLabel: 'Segundos que sumar/restar',
  offsetButton: 'Hora actual +/- segundos',
  timestampLabel: 'Marca de tiempo Unix',
  timestampButton: 'Convertir marca de tiempo',
  hintDay: 'Un día son 86400 segundos',
  hint30Days: '30 días son 2,592,000 segundos',
  hintYear: 'Un año son 31,536,000 segundos',

  genTitle: 'Generar contraseñas',
  countLabel: 'Cuántas contraseñas',
  countPlaceholder: 'Máx. 28',
  useNumbers: 'Usar números',
  wordBased: 'Con palabras',
  mixedChar: 'Caracteres mixtos',
  soft: 'Sencillas',
  reminder:
    'No reutilice contraseñas: use una distinta para cada cuenta y cada sitio. Evite cualquier cosa que se relacione claramente con usted, como nombres, cumpleaños, mascotas, direcciones o números de teléfono.',

  pwnedTitle: 'Estado de la contraseña',
  pwnedLabel: 'Contraseña',
  checkPassword: 'Comprobar contraseña',
  colPassword: 'Contraseña',
  colBreached: 'Filtrada',
  colTimes: 'Veces vista',
  yes: 'Sí',
  no: 'No',
  breachedNote: 'Esta contraseña aparece en filtraciones de datos conocidas. No la use en ninguna cuenta.',
  notFoundNote:
    'Esta contraseña no está en los datos de filtraciones que tenemos. Eso no la convierte en una buena contraseña: también debe ser larga y única.',

  faqTitle: 'Preguntas frecuentes',
  back: 'Volver',
};

export const toolsScreenTextEs: Catalogue<typeof toolsScreenText> = {
  answerEmpty: 'La respuesta aparece aquí.',
  copied: 'Copiado',
  copy: 'Copiar',
  copyAnswer: 'Copiar la respuesta',
  answer: 'Respuesta',
  result: 'Resultado',

  encode: 'Codificar',
  decode: 'Decodificar',

  currentUnixTime: 'Hora Unix actual',
  currentUnixTimeShifted: (sign, seconds) => `Hora Unix actual ${sign} ${seconds} segundos`,
  unixTimestampOf: (ts) => `Marca de tiempo Unix ${ts}`,

  generatedCaption: 'Contraseñas generadas, dos por fila',

  checkedCaption: 'Contraseñas comprobadas, la más reciente primero',
  commonListNoCount: '(lista de contraseñas comunes, sin recuento)',
  faqHeading: 'Preguntas frecuentes',
  pwnedWhatQ: '¿Qué comprueba esto?',
  pwnedWhatA:
    'Busca la contraseña en la lista Pwned Passwords: contraseñas aparecidas en filtraciones de datos públicas, recopiladas por Have I Been Pwned. Los atacantes las prueban primero, así que una contraseña de esa lista no debe volver a usarse nunca, por nadie ni para nada.',
  pwnedSentQ: '¿Se envía mi contraseña a alguien?',
  pwnedSentA:
    'No. La comprobación se hace en nuestro propio servidor con una copia local de la lista; la contraseña no se envía a Have I Been Pwned ni a ningún otro tercero, y no se escribe en ningún registro. Nos llega igual que cualquier otro dato que usted escribe en el portal.',
  pwnedTimesQ: '¿Qué significa «veces vista»?',
  pwnedTimesA:
    'Cuántas veces apareció la contraseña en los datos de filtraciones. Un número alto significa que se usa mucho y que está entre lo primero que prueba un atacante. Cuando nuestra copia completa de la lista no está cargada, la comprobación usa una lista integrada más corta con las contraseñas más comunes, que no tiene recuentos: una contraseña encontrada allí muestra 1.',
  pwnedFoundQ: 'Se encontró la contraseña. ¿Qué debo hacer?',
  pwnedFoundA:
    'Cámbiela en todos los sitios donde la use, empezando por su correo electrónico y cualquier cuenta en la que la haya reutilizado. Elija una nueva que no haya usado nunca; la herramienta Generar contraseñas puede crear una por usted.',
  pwnedNotFoundQ: 'No se encontró la contraseña. ¿Es segura?',
  pwnedNotFoundA:
    'No necesariamente. No estar en una filtración no hace fuerte a una contraseña: también debe ser larga, difícil de adivinar y usarse en una sola cuenta.',

  faqAccessQ: '¿Quién puede ver y cambiar mi cuenta en el portal?',
  faqAccessA:
    'Usted, con su propio inicio de sesión, y nuestro personal cuando usted pide ayuda al servicio de asistencia. Una cuenta secundaria solo ve su propia configuración, salvo que usted la haga administradora del panel, lo que le permite ver la información de su cuenta. Cada cambio que el personal hace por usted queda registrado con su nombre.',
  faqForgotQ: 'Olvidé mi contraseña. ¿Cómo vuelvo a entrar?',
  faqForgotA:
    'Use los enlaces bajo el formulario de inicio de sesión, ¿Olvidó la contraseña del panel? o ¿Olvidó la contraseña del correo?, y escriba su nombre de cuenta y su correo electrónico de recuperación. Le enviamos un enlace de restablecimiento; funciona una sola vez y caduca a los 30 minutos.',

  apiTitle: 'Referencia de la API',
  apiDocumentFailed: (status) => `No se pudo cargar el documento de la API (${status})`,
  apiDocumentLink: (version) => `openapi.json (OpenAPI 3.1, versión ${version})`,
  apiCalls: (n) => `${n} ${n === 1 ? 'llamada' : 'llamadas'}`,
  searchCalls: 'Buscar llamadas',
  searchPlaceholder: 'payment, /api/domains, POST…',
  sendToken: 'Envíe el token: Authorization: Bearer <id_token>.',
  noToken: 'No necesita token.',
  idempotency: ' Un encabezado Idempotency-Key hace que un reintento sea seguro.',
  colParameter: 'Parámetro',
  colIn: 'En',
  colSchema: 'Esquema',
  colExample: 'Ejemplo',
  requestBody: 'Cuerpo de la solicitud (ejemplo, luego esquema)',
  answerBody: 'Respuesta (ejemplo, luego esquema)',
  failures: 'Errores',
};

/**
 * The tool functions' failures and results in Spanish: the API writes them in the caller's
 * language. The kinds of password are phrases that follow "contraseña(s)" in either number.
 */
export const ToolTextEs: Catalogue<typeof ToolText> = {
  notText: 'La entrada debe ser texto',
  tooLong: (maxBytes) =>
    `El texto es demasiado largo: como máximo ${maxBytes / 1024} KiB (${maxBytes.toLocaleString('en-US')} bytes de UTF-8)`,
  brokenText: 'El texto contiene un carácter sustituto sin pareja y no se puede codificar como UTF-8',

  unknownHashKind: 'Tipo de hash desconocido: use MD5, SHA-1 o bcrypt',
  bcryptTooLong: (bytes) =>
    `bcrypt usa como máximo ${BCRYPT_MAX_BYTES} bytes de entrada; este texto ocupa ${bytes} bytes en UTF-8. Acórtelo, o use MD5 o SHA-1`,

  base64InvalidCharacter: (ch, position) =>
    `No es Base64 válido: el carácter ${JSON.stringify(ch)} en la posición ${position} no está permitido (use A–Z, a–z, 0–9, + y /, con = solo como relleno al final)`,
  base64BadPadding:
    'No es Base64 válido: el relleno "=" solo puede ir al final, como mucho dos, y hacer la longitud múltiplo de 4',
  base64BadLength: 'No es Base64 válido: la longitud es incorrecta (sobra o falta un carácter)',
  base64NotCanonical:
    'No es Base64 válido: el último carácter tiene bits que no codifican nada (el texto se cortó o se alteró)',
  base64NotUtf8: 'Los bytes decodificados no son texto UTF-8 válido',

  offsetNotNumber:
    'Los segundos que sumar o restar deben ser un número entero, como 86400, -3600 o 2,592,000',
  timestampNotNumber: 'La marca de tiempo Unix debe ser un número entero de segundos, como 1700000000',
  timestampRequired: 'Escriba una marca de tiempo Unix',
  timeOutOfRange: 'La hora resultante está fuera de rango: debe caer entre los años 1 y 9999',
  timestampOutOfRange: (looksLikeMs) =>
    `La marca de tiempo está fuera de rango: debe caer entre los años 1 y 9999${looksLikeMs ? ' (parece estar en milisegundos: divídala entre 1000)' : ''}`,

  countNotNumber: `El número de contraseñas debe ser un número entero de 1 a ${PASSWORD_COUNT_MAX}`,
  countTooSmall: 'Pida al menos 1 contraseña',
  generated: (n, kind) => `${n} ${plural('es', n, { one: 'contraseña', other: 'contraseñas' })} ${kind}`,
  clamped: (asked) =>
    `Como máximo ${PASSWORD_COUNT_MAX} contraseñas a la vez: se muestran ${PASSWORD_COUNT_MAX} en lugar de ${asked}`,
  kindWord: 'con palabras',
  kindMixed: 'de caracteres mixtos',
  kindSoft: 'de tipo sencillo',
};
