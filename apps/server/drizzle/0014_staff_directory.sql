CREATE TABLE "staff_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"account" text NOT NULL,
	"refresh_token" text,
	"checked_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject"),
	CONSTRAINT "staff_identities_account_unique" UNIQUE("account")
);
--> statement-breakpoint
CREATE TABLE "staff_sign_in_handoffs" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"epoch" integer NOT NULL,
	"mfa" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_identities" ADD CONSTRAINT "staff_identities_account_accounts_logname_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "staff_sign_in_handoffs" ADD CONSTRAINT "staff_sign_in_handoffs_account_accounts_logname_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "staff_sign_in_handoffs_expires_idx" ON "staff_sign_in_handoffs" USING btree ("expires_at");