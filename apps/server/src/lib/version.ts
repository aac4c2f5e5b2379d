import { readFileSync } from 'node:fs';

/**
 * The release, from the root package.json (the git tag is `v` + it; CHANGELOG.md). Read relative
 * to this file, which lies at the same depth in src/ and in the compiled dist/.
 */
export const VERSION: string = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
).version;
