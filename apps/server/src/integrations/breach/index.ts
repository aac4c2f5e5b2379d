/** The breached-password check: local Pwned Passwords index, built-in fallback list and the `pwned` command. */
export {
  type BreachService,
  type BreachServiceOptions,
  type BreachStatus,
  BUILTIN_SOURCE,
  createBreachService,
  loadBuiltinList,
} from './builtin.ts';
export { defaultIndexPath, PWNED_USAGE, type PwnedCommandOptions, pwnedCommand } from './cli.ts';
export {
  type ImportOptions,
  type ImportResult,
  importPwned,
  type MalformedLine,
  PwnedImportError,
} from './importer.ts';
export {
  type BreachCheck,
  checkPassword,
  type IndexInfo,
  openPwnedIndex,
  PLACE_BUILTIN,
  PLACE_LOCAL_INDEX,
  type PwnedIndex,
  PwnedIndexError,
} from './lookup.ts';
