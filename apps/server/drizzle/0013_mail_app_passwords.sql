CREATE TABLE "mail_app_password_settings" (
	"owner" text PRIMARY KEY NOT NULL,
	"app_passwords_only" boolean DEFAULT false NOT NULL,
	"pending" boolean,
	"apply_at" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_app_passwords" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"lookup" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
ALTER TABLE "mail_app_password_settings" ADD CONSTRAINT "mail_app_password_settings_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "mail_app_passwords" ADD CONSTRAINT "mail_app_passwords_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "mail_app_passwords_owner_idx" ON "mail_app_passwords" USING btree ("owner","lookup");--> statement-breakpoint
CREATE VIEW "public"."mail_app_passwords_live" AS (select p.owner as username, p.lookup, p.hash as password, case p.scope when 'imap' then array['imap','pop3'] when 'smtp' then array['smtp'] else array['imap','pop3','smtp'] end as services, a.uid from mail_app_passwords p join accounts a on a.logname = p.owner where p.revoked_at is null);--> statement-breakpoint
-- Same columns as before (mail servers configured for the previous release keep working); accounts
-- whose owner requires app passwords have no row.
CREATE OR REPLACE VIEW "public"."mail_passwords" AS (select a.logname as username, a.mail_password_hash as password, a.uid from accounts a where a.mail_password_hash is not null and not exists (select 1 from mail_app_password_settings s where s.owner = a.logname and s.app_passwords_only));
