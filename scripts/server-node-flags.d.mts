/** Types of server-node-flags.mjs (a plain module: scripts/start.mjs runs before any build). */
export function serverNodeFlags(env: Record<string, string | undefined>, nodeVersion?: string): string[];
