CREATE TABLE "passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"user_handle" text NOT NULL,
	"name" text NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used" timestamp with time zone,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"account" text,
	"user_handle" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_account_accounts_logname_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "passkeys_owner_idx" ON "passkeys" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "passkeys_user_handle_idx" ON "passkeys" USING btree ("user_handle");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" USING btree ("expires_at");