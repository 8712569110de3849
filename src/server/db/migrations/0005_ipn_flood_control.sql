-- IPNs become one row per tracking id (a count and the last time one came) instead of one row per
-- call, and carry the state of the status check they ask for, so repeats can be collapsed across
-- instances. See docs/decisions/010-ipn-flood-control.md.
ALTER TABLE "payment_notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "check_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "check_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "recheck_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_notifications" SET "last_seen_at" = "created_at";--> statement-breakpoint
-- Existing IPN rows of one tracking id fold into the newest (its outcome and payload), which takes
-- their count and the first one's time.
WITH ranked AS (
  SELECT "id",
    row_number() OVER (PARTITION BY coalesce("tracking_id", '') ORDER BY "created_at" DESC, "id" DESC) AS rn,
    count(*) OVER (PARTITION BY coalesce("tracking_id", ''))::integer AS n,
    min("created_at") OVER (PARTITION BY coalesce("tracking_id", '')) AS first_at
  FROM "payment_notifications" WHERE "source" = 'ipn'
), folded AS (
  DELETE FROM "payment_notifications" AS p USING ranked AS r WHERE p."id" = r."id" AND r.rn > 1
)
UPDATE "payment_notifications" AS p SET "count" = r.n, "created_at" = r.first_at
  FROM ranked AS r WHERE p."id" = r."id" AND r.rn = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_ipn_key" ON "payment_notifications" USING btree (coalesce("tracking_id", '')) WHERE "payment_notifications"."source" = 'ipn';--> statement-breakpoint
CREATE INDEX "payment_notifications_recheck_idx" ON "payment_notifications" USING btree ("recheck_at") WHERE "payment_notifications"."recheck_at" is not null;
