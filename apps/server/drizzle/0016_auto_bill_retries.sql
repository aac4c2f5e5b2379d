ALTER TABLE "invoices" ADD COLUMN "auto_bill_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "auto_bill_next_at" timestamp with time zone;