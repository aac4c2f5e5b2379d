import { writeFileSync } from 'node:fs';
import { renderAccessDoc } from '../apps/server/test/security/access-doc.ts';

/** Writes docs/access.md from the access matrix's expectations table. */
writeFileSync(new URL('../docs/access.md', import.meta.url), renderAccessDoc());
console.log('wrote docs/access.md');
