CREATE TABLE "reminders_sent" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"milestone" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_once" ON "reminders_sent" USING btree ("kind","subject","milestone");