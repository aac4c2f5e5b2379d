CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"epoch" integer NOT NULL,
	"client_prefix" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"method" text NOT NULL,
	"working_on" text
);
--> statement-breakpoint
DROP TABLE "revoked_tokens" CASCADE;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_accounts_logname_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account");--> statement-breakpoint
CREATE INDEX "sessions_working_on_idx" ON "sessions" USING btree ("working_on");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");