import { writeFileSync } from 'node:fs';
import { API_TYPES_FILE, renderApiTypes } from '../apps/server/test/support/api-types.ts';

/** Writes the typed client's types (apps/server/test/typed-client/portal-api.generated.ts) from the API document. */
writeFileSync(API_TYPES_FILE, await renderApiTypes());
console.log(`wrote ${API_TYPES_FILE.pathname}`);
