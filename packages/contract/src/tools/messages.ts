/**
 * Texts of the utility tools. The texts are exact: screens and tests compare them.
 * The texts of the tool functions themselves (bad Base64, out-of-range times, counts …) are the
 * server's and reach the screen as the error of a 400 answer.
 */
export const toolsText = {
  // answer boxes ("the answer box shows Error: {error}")
  answerError: (error: string) => `Error: ${error}`,

  // request checks made by the contract
  textRequired: 'Enter some text',
  passwordRequired: 'Enter a password to check',
  passwordTooLong: (max: number) => `The password is too long: at most ${max} characters`,
  wrongItem: (expected: string) => `item must be ${expected} for this call (or left out)`,
  useNumbersInvalid: 'use_numbers must be 0 or 1',
  offsetRequired: 'Enter the seconds to add or subtract (0 for the current time)',
  timestampRequired: 'Enter a Unix timestamp',

  // hash generator (/md5)
  hashTitle: 'Hash Encryptor',
  hashLabel: 'Text to hash',
  hashHint: 'MD5 and SHA-1 are shown as hexadecimal digests. bcrypt uses at most 72 bytes of text.',

  // base64 (/bas64)
  base64Title: 'Base64 Encode / Decode',
  base64Label: 'Text or Base64',

  // unix time (/unix-time)
  unixTitle: 'Unix Time Tools',
  offsetLabel: 'Seconds to Add/Subtract',
  offsetButton: 'Current Time +/- seconds',
  timestampLabel: 'Unix Timestamp',
  timestampButton: 'Convert Timestamp',
  hintDay: 'One day is 86400 seconds',
  hint30Days: '30 days is 2,592,000 seconds',
  hintYear: 'One year is 31,536,000 seconds',

  // password generator (/generate-passwords)
  genTitle: 'Generate Passwords',
  countLabel: 'How many passwords',
  countPlaceholder: 'Max 28',
  useNumbers: 'Use Numbers',
  wordBased: 'Word Based',
  mixedChar: 'Mixed Char',
  soft: 'Soft',
  reminder:
    "Don't re-use passwords: use a different one for every account and site. Avoid anything with an obvious tie to you, such as names, birthdays, pets, addresses or phone numbers.",

  // breach check (/pwned)
  pwnedTitle: 'Password Status',
  pwnedLabel: 'Password',
  checkPassword: 'Check Password',
  colPassword: 'Password',
  colBreached: 'Breached',
  colTimes: 'Times seen',
  yes: 'Yes',
  no: 'No',
  breachedNote: 'This password appears in known data breaches. Do not use it for any account.',
  notFoundNote:
    'This password was not found in the breach data we hold. That does not make it a good password: it must also be long and unique.',

  // faq demo (/faq-test)
  faqTitle: 'FAQ',
  back: 'Back',
} as const;

/**
 * Texts of the tool functions the server runs (bad Base64, out-of-range times, counts …) and the
 * limits they state. They reach the screen as the error of a 400 answer, shown as "Error: {error}".
 */
export const HASH_INPUT_MAX_BYTES = 64 * 1024;
export const BCRYPT_MAX_BYTES = 72;
export const BASE64_INPUT_MAX_BYTES = 64 * 1024;
export const PASSWORD_COUNT_DEFAULT = 8;
export const PASSWORD_COUNT_MAX = 28;

export const ToolText = {
  // shared
  notText: 'The input must be text',
  tooLong: (maxBytes: number) =>
    `The text is too long: at most ${maxBytes / 1024} KiB (${maxBytes.toLocaleString('en-US')} bytes of UTF-8)`,
  brokenText: 'The text contains an unpaired surrogate character and cannot be encoded as UTF-8',

  // hashes
  unknownHashKind: 'Unknown hash kind: use MD5, SHA-1 or bcrypt',
  bcryptTooLong: (bytes: number) =>
    `bcrypt uses at most ${BCRYPT_MAX_BYTES} bytes of input; this text is ${bytes} bytes in UTF-8. Shorten it, or use MD5 or SHA-1`,

  // base64
  base64InvalidCharacter: (ch: string, position: number) =>
    `Not valid Base64: the character ${JSON.stringify(ch)} at position ${position} is not allowed (use A–Z, a–z, 0–9, + and /, with = only as padding at the end)`,
  base64BadPadding:
    'Not valid Base64: "=" padding may only come at the end, at most two of them, making the length a multiple of 4',
  base64BadLength: 'Not valid Base64: the length is wrong (one character too many or too few)',
  base64NotCanonical:
    'Not valid Base64: the last character has bits set that encode nothing (the text was cut or altered)',
  base64NotUtf8: 'The decoded bytes are not valid UTF-8 text',

  // unix time
  offsetNotNumber: 'Seconds to add or subtract must be a whole number, like 86400, -3600 or 2,592,000',
  timestampNotNumber: 'The Unix timestamp must be a whole number of seconds, like 1700000000',
  timestampRequired: toolsText.timestampRequired,
  timeOutOfRange: 'The resulting time is out of range: it must fall between the years 1 and 9999',
  timestampOutOfRange: (looksLikeMs: boolean) =>
    `The timestamp is out of range: it must fall between the years 1 and 9999${looksLikeMs ? ' (it looks like milliseconds: divide by 1000)' : ''}`,

  // password generator
  countNotNumber: `The number of passwords must be a whole number from 1 to ${PASSWORD_COUNT_MAX}`,
  countTooSmall: 'Ask for at least 1 password',
  generated: (n: number, kind: string) => `${n} ${kind} password${n === 1 ? '' : 's'}`,
  clamped: (asked: string) =>
    `At most ${PASSWORD_COUNT_MAX} passwords at a time: showing ${PASSWORD_COUNT_MAX} instead of ${asked}`,
  kindWord: 'word-based',
  kindMixed: 'mixed-character',
  kindSoft: 'soft',
} as const;
