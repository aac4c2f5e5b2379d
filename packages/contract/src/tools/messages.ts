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
 * The other labels, captions and help texts of the tools screens (apps/web/src/features/tools) and
 * the prose of the API reference screen around the OpenAPI document (which stays English), kept
 * here so that each language has them (docs/languages.md). The English is the screens' own.
 */
export const toolsScreenText = {
  // answer box
  answerEmpty: 'The answer appears here.',
  copied: 'Copied',
  copy: 'Copy',
  copyAnswer: 'Copy the answer',
  answer: 'Answer',
  result: 'Result',

  // base64
  encode: 'Encode',
  decode: 'Decode',

  // unix time
  currentUnixTime: 'Current Unix time',
  currentUnixTimeShifted: (sign: string, seconds: number) => `Current Unix time ${sign} ${seconds} seconds`,
  unixTimestampOf: (ts: string) => `Unix timestamp ${ts}`,

  // password generator
  generatedCaption: 'Generated passwords, two per row',

  // breach check
  checkedCaption: 'Checked passwords, newest first',
  commonListNoCount: '(common-password list, no count)',
  faqHeading: 'Frequently asked questions',
  pwnedWhatQ: 'What does this check?',
  pwnedWhatA:
    'It looks the password up in the Pwned Passwords list: passwords that appeared in public data breaches, collected by Have I Been Pwned. Attackers try these first, so a password on that list should never be used again, by anyone, for anything.',
  pwnedSentQ: 'Is my password sent to anyone?',
  pwnedSentA:
    'No. The check runs on our own server against a local copy of the list; the password is not sent to Have I Been Pwned or any other third party, and it is not written to any log. It reaches us the same way as everything else you type into the portal.',
  pwnedTimesQ: 'What does "times seen" mean?',
  pwnedTimesA:
    'How many times the password appeared in the breach data. A high number means it is widely used and among the first guesses an attacker makes. When our full copy of the list is not loaded, the check uses a shorter built-in list of the most common passwords, which has no counts: a password found there shows 1.',
  pwnedFoundQ: 'The password was found. What should I do?',
  pwnedFoundA:
    'Change it wherever you use it, starting with your email and any account where you reused it. Choose a new one that you have never used before; the Generate Passwords tool can make one for you.',
  pwnedNotFoundQ: 'The password was not found. Is it safe?',
  pwnedNotFoundA:
    'Not necessarily. Not being in a breach does not make a password strong: it should also be long, hard to guess and used for one account only.',

  // faq demo
  faqAccessQ: 'Who can see and change my account in the portal?',
  faqAccessA:
    'You, with your own login, and our staff when you ask the help desk for help. A secondary account sees only its own settings, unless you make it a dashboard admin, which lets it view your account information. Every change staff make for you is recorded with their name.',
  faqForgotQ: 'I forgot my password. How do I get back in?',
  faqForgotA:
    'Use the links under the login form, Forgot panel password? or Forgot email password?, and enter your account name and your recovery email address. We email you a reset link; it works once and expires after 30 minutes.',

  // API reference (the OpenAPI document's own texts stay English)
  apiTitle: 'API Reference',
  apiDocumentFailed: (status: number) => `The API document could not be loaded (${status})`,
  apiDocumentLink: (version: string) => `openapi.json (OpenAPI 3.1, version ${version})`,
  apiCalls: (n: number) => `${n} calls`,
  searchCalls: 'Search calls',
  searchPlaceholder: 'payment, /api/domains, POST…',
  sendToken: 'Send the token: Authorization: Bearer <id_token>.',
  noToken: 'No token needed.',
  idempotency: ' An Idempotency-Key header makes a retry safe.',
  colParameter: 'Parameter',
  colIn: 'In',
  colSchema: 'Schema',
  colExample: 'Example',
  requestBody: 'Request body (example, then schema)',
  answerBody: 'Answer (example, then schema)',
  failures: 'Failures',
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
