-- Staff search by part of a name, billing email or domain (features/session/routes.ts) as trigram
-- (pg_trgm) GIN indexes: docs/decisions/050-staff-search-trigram-index.md. pg_trgm ships with
-- PostgreSQL's contrib and with PGlite (loaded by db/index.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_name_trgm" ON "accounts" USING gin ((trim("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_bill_email_trgm" ON "accounts" USING gin ("bill_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "domains_domain_trgm" ON "domains" USING gin ("domain" gin_trgm_ops);