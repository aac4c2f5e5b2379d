CREATE TABLE "mfa_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"epoch" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "totp_authenticators" (
	"account" text PRIMARY KEY NOT NULL,
	"secret_enc" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_account_accounts_logname_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_account_accounts_logname_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "totp_authenticators" ADD CONSTRAINT "totp_authenticators_account_accounts_logname_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "mfa_challenges_account_idx" ON "mfa_challenges" USING btree ("account");--> statement-breakpoint
CREATE INDEX "mfa_challenges_expires_idx" ON "mfa_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "recovery_codes_account_idx" ON "recovery_codes" USING btree ("account");