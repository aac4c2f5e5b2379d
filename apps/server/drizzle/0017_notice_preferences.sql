CREATE TABLE "notice_preferences" (
	"owner" text NOT NULL,
	"category" text NOT NULL,
	"send_to" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_preferences_owner_category_pk" PRIMARY KEY("owner","category")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;