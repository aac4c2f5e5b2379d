ALTER TABLE "outbox" ADD COLUMN "sealed_body" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "body_mac" text;--> statement-breakpoint
-- Bodies of messages already sent are not needed any more: not kept in clear (docs/decisions/045-secrets-at-rest.md).
UPDATE "outbox" SET "body" = '' WHERE "status" IN ('sent', 'stored');
