CREATE TABLE "mail_logins" (
	"username" text NOT NULL,
	"app_password_id" text NOT NULL,
	"last_login" bigint NOT NULL,
	CONSTRAINT "mail_logins_username_app_password_id_pk" PRIMARY KEY("username","app_password_id")
);
--> statement-breakpoint
-- CREATE OR REPLACE keeps the mail hosts' grants on the view; the new column comes last, as a view
-- only gains columns at its end, so mail hosts configured for the previous release read it unchanged.
CREATE OR REPLACE VIEW "public"."mail_app_passwords_live" AS (select p.owner as username, p.lookup, p.hash as password, case p.scope when 'imap' then array['imap','pop3'] when 'smtp' then array['smtp'] else array['imap','pop3','smtp'] end as services, a.uid, p.id as app_password_id from mail_app_passwords p join accounts a on a.logname = p.owner where p.revoked_at is null);