import type * as C from './calls.ts';
import * as R from './call-refs.ts';
import { ref } from '../ref.ts';

/** The hosting calls' references with their definitions' types (docs/decisions/059-type-gaps.md). */
export const COMPRESSED_WEBSITES = ref<typeof C.compressedWebsites>(R.COMPRESSED_WEBSITES);
