CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_responders" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "auto_responders" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "auto_responders" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recovery_emails" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "recovery_emails" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "recovery_emails" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
-- CREATE OR REPLACE (not drop and create, as generated): the mail servers' GRANT on the view stays.
CREATE OR REPLACE VIEW "public"."mail_vacation_rules" AS (select distinct on (owner) owner as logname, reply_to as reply_from, message as body, start_at as active_from, end_at as active_until from auto_responders where confirmed_at is not null and start_at <= now() and end_at > now() order by owner, created_at desc, id desc);