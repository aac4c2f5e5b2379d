CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"method" text NOT NULL,
	"client_prefix" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "method" SET DEFAULT 'password';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_account_accounts_logname_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "sign_ins_account_idx" ON "sign_ins" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "sign_ins_at_idx" ON "sign_ins" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_idx" ON "sessions" USING btree ("public_id");