CREATE TABLE "mail_password_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"operator" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"apply_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bus_accounts" (
	"account" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"uid" integer NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"total_quota" integer DEFAULT 0 NOT NULL,
	"percent_used" integer DEFAULT 0 NOT NULL,
	"active_files" integer DEFAULT 0 NOT NULL,
	"retained_files" integer DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circuits" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"uid" integer NOT NULL,
	"loc_name" text NOT NULL,
	"addr1" text DEFAULT '' NOT NULL,
	"addr2" text DEFAULT '' NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"speed" text DEFAULT '' NOT NULL,
	"active_date" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"tcid" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"contact" text NOT NULL,
	"contact_info" text DEFAULT '' NOT NULL,
	"restricted" text DEFAULT '0' NOT NULL,
	"technical" text DEFAULT '0' NOT NULL,
	"billing" text DEFAULT '0' NOT NULL,
	"restriction" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secondary_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"email" text NOT NULL,
	"rows" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"operator" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"cid" text NOT NULL,
	"payment_profile_id" text NOT NULL,
	"ccn4" text NOT NULL,
	"card_type" text NOT NULL,
	"expdate" text NOT NULL,
	"on_auto_billing" boolean DEFAULT false NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coworking_products" (
	"pcode" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"actual_price_cents" integer NOT NULL,
	"discount_price_cents" integer,
	"unit" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coworking_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"pcode" text NOT NULL,
	"units" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"operator" text NOT NULL,
	"trans_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"invoice" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"invdate" text NOT NULL,
	"duedate" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"auto_bill_attempted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"trans_id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"ccn4" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"idempotency_key" text,
	"card_id" integer,
	"invoice" text,
	"comments" text DEFAULT '' NOT NULL,
	"receipt_to" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"purpose" text DEFAULT 'account' NOT NULL,
	"operator" text,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "statement_delivery" (
	"owner" text PRIMARY KEY NOT NULL,
	"method" text DEFAULT 'n' NOT NULL,
	"nozero" integer DEFAULT 0 NOT NULL,
	"email" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"logname" text PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"bill_uid" integer,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"account_role" text DEFAULT 'Primary' NOT NULL,
	"primary_logname" text,
	"dashboard_admin" boolean DEFAULT false NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"addr1" text DEFAULT '' NOT NULL,
	"addr2" text DEFAULT '' NOT NULL,
	"bill_email" text DEFAULT '' NOT NULL,
	"home_phone" text DEFAULT '' NOT NULL,
	"work_phone" text DEFAULT '' NOT NULL,
	"pricing_plan" text DEFAULT '' NOT NULL,
	"account_type" text DEFAULT '' NOT NULL,
	"billing_code" text DEFAULT '' NOT NULL,
	"auto_bill" text DEFAULT 'N' NOT NULL,
	"realm" text DEFAULT '' NOT NULL,
	"at_code" integer DEFAULT 0 NOT NULL,
	"popup_note" text DEFAULT '' NOT NULL,
	"popup_note_lastmod" timestamp with time zone,
	"mode" text DEFAULT 'light' NOT NULL,
	"password_hash" text,
	"mail_password_hash" text,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_owner_kind_pk" PRIMARY KEY("owner","kind")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator" text NOT NULL,
	"account" text,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"unique_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "network_status" (
	"id" integer PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	"report" text DEFAULT '' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"account" text,
	"from_addr" text NOT NULL,
	"to_addr" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"message_id" text
);
--> statement-breakpoint
CREATE TABLE "quick_refs" (
	"ref_name" text PRIMARY KEY NOT NULL,
	"ref_value" text NOT NULL,
	"ref_role" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"domain" text NOT NULL,
	"agreement" text NOT NULL,
	"signed_by" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "domain_agreements_unique" UNIQUE("account","domain","agreement")
);
--> statement-breakpoint
CREATE TABLE "domain_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"admin" text NOT NULL,
	"domain" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_grants_unique" UNIQUE NULLS NOT DISTINCT("owner","admin","domain")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"expiration_date" date,
	"auto_renew" integer DEFAULT 0 NOT NULL,
	"abandon" integer DEFAULT 0 NOT NULL,
	"renewal_pending" integer DEFAULT 0 NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"registrar_managed" boolean DEFAULT true NOT NULL,
	"website" integer DEFAULT 0 NOT NULL,
	"docroot" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tld_prices" (
	"tld" text NOT NULL,
	"id" integer NOT NULL,
	"item" text NOT NULL,
	"baseprice_cents" integer NOT NULL,
	"price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "databases" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"name" text NOT NULL,
	"pma_url" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devsites" (
	"vid" integer PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"domain" text NOT NULL,
	"virtname" text NOT NULL,
	"docroot" text DEFAULT '' NOT NULL,
	"ssl" integer DEFAULT 0 NOT NULL,
	"setup_date" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vid" integer NOT NULL,
	"msg" text NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosting_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"vid" integer,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"server" text,
	"agent" text,
	"result" text,
	"operator" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "php_versions" (
	"version" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webapps" (
	"aid" integer PRIMARY KEY NOT NULL,
	"appname" text NOT NULL,
	"urlext" text DEFAULT '' NOT NULL,
	"needs_suphp" integer DEFAULT 0 NOT NULL,
	"wf_versions" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"vid" integer PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"virtname" text NOT NULL,
	"php_version" text DEFAULT '' NOT NULL,
	"ssl" integer DEFAULT 0 NOT NULL,
	"error_logs" integer DEFAULT 0 NOT NULL,
	"docroot" text DEFAULT '' NOT NULL,
	"last_genconf" timestamp with time zone,
	"server" text
);
--> statement-breakpoint
CREATE TABLE "auto_responders" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"reply_to" text NOT NULL,
	"operator" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disk_usage" (
	"owner" text PRIMARY KEY NOT NULL,
	"curr_quota" integer DEFAULT 0 NOT NULL,
	"curr_usage" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_aliases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"src" text NOT NULL,
	"dst_list" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_lists" (
	"listname" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"list_type" text DEFAULT 'MM' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscriptions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "recovery_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"contact_info" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "temp_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"name" text NOT NULL,
	"forwards_to" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone,
	CONSTRAINT "temp_emails_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "mail_password_changes" ADD CONSTRAINT "mail_password_changes_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_accounts" ADD CONSTRAINT "bus_accounts_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits" ADD CONSTRAINT "circuits_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_requests" ADD CONSTRAINT "secondary_requests_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coworking_purchases" ADD CONSTRAINT "coworking_purchases_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_delivery" ADD CONSTRAINT "statement_delivery_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_primary_logname_accounts_logname_fk" FOREIGN KEY ("primary_logname") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_tokens" ADD CONSTRAINT "reset_tokens_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_agreements" ADD CONSTRAINT "domain_agreements_account_accounts_logname_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_grants" ADD CONSTRAINT "domain_grants_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_grants" ADD CONSTRAINT "domain_grants_admin_accounts_logname_fk" FOREIGN KEY ("admin") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_grants" ADD CONSTRAINT "domain_grants_domain_domains_domain_fk" FOREIGN KEY ("domain") REFERENCES "public"."domains"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "databases" ADD CONSTRAINT "databases_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devsites" ADD CONSTRAINT "devsites_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_logs" ADD CONSTRAINT "error_logs_vid_websites_vid_fk" FOREIGN KEY ("vid") REFERENCES "public"."websites"("vid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_changes" ADD CONSTRAINT "hosting_changes_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_responders" ADD CONSTRAINT "auto_responders_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disk_usage" ADD CONSTRAINT "disk_usage_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_aliases" ADD CONSTRAINT "email_aliases_domain_domains_domain_fk" FOREIGN KEY ("domain") REFERENCES "public"."domains"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_lists" ADD CONSTRAINT "mailing_lists_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_emails" ADD CONSTRAINT "recovery_emails_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_emails" ADD CONSTRAINT "temp_emails_owner_accounts_logname_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("logname") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_password_changes_owner_idx" ON "mail_password_changes" USING btree ("owner","status");--> statement-breakpoint
CREATE INDEX "bus_accounts_owner_idx" ON "bus_accounts" USING btree ("owner");--> statement-breakpoint
CREATE UNIQUE INDEX "circuits_owner_loc_idx" ON "circuits" USING btree ("owner","loc_name");--> statement-breakpoint
CREATE INDEX "contacts_owner_idx" ON "contacts" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "secondary_requests_owner_idx" ON "secondary_requests" USING btree ("owner");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_owner_profile_idx" ON "cards" USING btree ("owner","payment_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_one_auto_bill_idx" ON "cards" USING btree ("owner") WHERE on_auto_billing;--> statement-breakpoint
CREATE INDEX "coworking_purchases_owner_idx" ON "coworking_purchases" USING btree ("owner");--> statement-breakpoint
CREATE UNIQUE INDEX "coworking_purchases_trans_id_idx" ON "coworking_purchases" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "invoices_owner_idx" ON "invoices" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "payments_owner_idx" ON "payments" USING btree ("owner","date");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "accounts_primary_idx" ON "accounts" USING btree ("primary_logname");--> statement-breakpoint
CREATE INDEX "audit_log_account_idx" ON "audit_log" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key_idx" ON "jobs" USING btree ("unique_key") WHERE unique_key is not null;--> statement-breakpoint
CREATE INDEX "outbox_account_idx" ON "outbox" USING btree ("account");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status");--> statement-breakpoint
CREATE INDEX "reset_tokens_owner_idx" ON "reset_tokens" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "domain_agreements_account_idx" ON "domain_agreements" USING btree ("account");--> statement-breakpoint
CREATE INDEX "domain_grants_admin_idx" ON "domain_grants" USING btree ("admin");--> statement-breakpoint
CREATE INDEX "domains_owner_idx" ON "domains" USING btree ("owner");--> statement-breakpoint
CREATE UNIQUE INDEX "tld_prices_pk" ON "tld_prices" USING btree ("tld","id");--> statement-breakpoint
CREATE UNIQUE INDEX "databases_owner_name_idx" ON "databases" USING btree ("owner","name");--> statement-breakpoint
CREATE INDEX "devsites_owner_idx" ON "devsites" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "error_logs_vid_id_idx" ON "error_logs" USING btree ("vid","id");--> statement-breakpoint
CREATE INDEX "hosting_changes_vid_state_idx" ON "hosting_changes" USING btree ("vid","state");--> statement-breakpoint
CREATE INDEX "hosting_changes_state_idx" ON "hosting_changes" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "hosting_changes_owner_kind_idx" ON "hosting_changes" USING btree ("owner","kind","state");--> statement-breakpoint
CREATE INDEX "websites_owner_idx" ON "websites" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "auto_responders_owner_idx" ON "auto_responders" USING btree ("owner","end_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_aliases_domain_src_idx" ON "email_aliases" USING btree ("domain","src");--> statement-breakpoint
CREATE INDEX "email_aliases_address_idx" ON "email_aliases" USING btree ((case when "src" = '*' then '@' || "domain" else "src" || '@' || "domain" end));--> statement-breakpoint
CREATE INDEX "mailing_lists_owner_idx" ON "mailing_lists" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_owner_idx" ON "newsletter_subscriptions" USING btree ("owner");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_emails_owner_contact_idx" ON "recovery_emails" USING btree ("owner","contact_info");--> statement-breakpoint
CREATE INDEX "temp_emails_owner_idx" ON "temp_emails" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "temp_emails_expires_idx" ON "temp_emails" USING btree ("expires");--> statement-breakpoint
CREATE VIEW "public"."mail_passwords" AS (select logname as username, mail_password_hash as password, uid from accounts where mail_password_hash is not null);--> statement-breakpoint
CREATE VIEW "public"."mail_alias_domains" AS (select distinct domain from email_aliases);--> statement-breakpoint
CREATE VIEW "public"."mail_temp_aliases" AS (select name, forwards_to, expires from temp_emails where expires > now());--> statement-breakpoint
CREATE VIEW "public"."mail_vacation_rules" AS (select distinct on (owner) owner as logname, reply_to as reply_from, message as body, start_at as active_from, end_at as active_until from auto_responders where start_at <= now() and end_at > now() order by owner, created_at desc, id desc);--> statement-breakpoint
CREATE VIEW "public"."mail_virtual_aliases" AS (select case when src = '*' then '@' || domain else src || '@' || domain end as address, array_to_string(dst_list, ',') as goto from email_aliases);