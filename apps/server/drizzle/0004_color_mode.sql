ALTER TABLE "accounts" ALTER COLUMN "mode" SET DEFAULT 'system';--> statement-breakpoint
-- Until now every account that never chose a mode was stored 'light' (the old default), and a
-- chosen light cannot be told apart from it: all follow the device's setting from now on
-- (docs/decisions/021-colour-mode.md). A dark choice is kept.
UPDATE "accounts" SET "mode" = 'system' WHERE "mode" = 'light';
