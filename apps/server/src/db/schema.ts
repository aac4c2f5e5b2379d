// The whole schema, for Drizzle's relational queries and migrations; each area keeps its tables in schema/<area>.ts.
export * from './schema/core.ts';
export * from './schema/billing.ts';
export * from './schema/domains.ts';
export * from './schema/mail.ts';
export * from './schema/hosting.ts';
export * from './schema/admin.ts';
export * from './schema/account.ts';
export * from './schema/http.ts';
export * from './schema/second-factor.ts';
export * from './schema/passkeys.ts';
export * from './schema/api-tokens.ts';
export * from './schema/mail-app-passwords.ts';
export * from './schema/staff-directory.ts';
