-- Delivery windows per zone and weekday (inside the shop's opening hours, kept in app_settings
-- 'opening_hours'), the zones' closed dates, and each order's chosen window with its hold on the
-- window's capacity. Existing zones get the default windows: Monday to Friday 10:00-12:00,
-- 12:00-14:00, 14:00-16:00, 16:00-18:00 and Saturday 10:00-12:00, 12:00-14:00, 20 orders each,
-- closing 60 minutes before they start.
CREATE TABLE "delivery_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL REFERENCES "delivery_zones"("id") ON DELETE cascade,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"capacity" integer NOT NULL,
	"cutoff_minutes" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_windows_time_check" CHECK ("weekday" between 0 and 6 and "start_minute" >= 0 and "end_minute" <= 1440 and "end_minute" > "start_minute"),
	CONSTRAINT "delivery_windows_capacity_check" CHECK ("capacity" > 0 and "cutoff_minutes" >= 0)
);--> statement-breakpoint
CREATE INDEX "delivery_windows_zone_idx" ON "delivery_windows" USING btree ("zone_id","weekday");--> statement-breakpoint
CREATE TABLE "delivery_closed_dates" (
	"zone_id" uuid NOT NULL REFERENCES "delivery_zones"("id") ON DELETE cascade,
	"date" date NOT NULL,
	CONSTRAINT "delivery_closed_dates_zone_id_date_pk" PRIMARY KEY("zone_id","date")
);--> statement-breakpoint
CREATE TABLE "order_delivery_windows" (
	"order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"window_id" uuid REFERENCES "delivery_windows"("id") ON DELETE set null,
	"delivery_date" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"held" boolean DEFAULT true NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "order_delivery_windows_held_idx" ON "order_delivery_windows" USING btree ("window_id","delivery_date") WHERE "order_delivery_windows"."held";--> statement-breakpoint
CREATE INDEX "order_delivery_windows_date_idx" ON "order_delivery_windows" USING btree ("delivery_date","start_minute");--> statement-breakpoint
INSERT INTO "delivery_windows" ("zone_id", "weekday", "start_minute", "end_minute", "capacity", "cutoff_minutes")
SELECT z."id", w.weekday, w.start_minute, w.end_minute, 20, 60
FROM "delivery_zones" z
CROSS JOIN (VALUES
	(1, 600, 720), (1, 720, 840), (1, 840, 960), (1, 960, 1080),
	(2, 600, 720), (2, 720, 840), (2, 840, 960), (2, 960, 1080),
	(3, 600, 720), (3, 720, 840), (3, 840, 960), (3, 960, 1080),
	(4, 600, 720), (4, 720, 840), (4, 840, 960), (4, 960, 1080),
	(5, 600, 720), (5, 720, 840), (5, 840, 960), (5, 960, 1080),
	(6, 600, 720), (6, 720, 840)
) AS w(weekday, start_minute, end_minute);
