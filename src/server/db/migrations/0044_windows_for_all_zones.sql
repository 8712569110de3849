-- Delivery windows set once for the whole shop (docs/decisions/054-windows-for-all-zones.md): the
-- week's windows, each zone's exceptions to them, weekdays a zone is not served, and closed dates
-- for the whole shop beside each zone's. Nothing changes meaning: every zone offers the same windows
-- with the same capacities and cut-offs on the same days as before, and every order's window keeps
-- counting against the same places.
CREATE TABLE "delivery_window_zones" (
	"window_id" uuid NOT NULL REFERENCES "delivery_windows"("id") ON DELETE cascade,
	"zone_id" uuid NOT NULL REFERENCES "delivery_zones"("id") ON DELETE cascade,
	"served" boolean DEFAULT true NOT NULL,
	"capacity" integer,
	"cutoff_minutes" integer,
	CONSTRAINT "delivery_window_zones_window_id_zone_id_pk" PRIMARY KEY("window_id","zone_id"),
	CONSTRAINT "delivery_window_zones_check" CHECK (("capacity" is null or "capacity" > 0) and ("cutoff_minutes" is null or "cutoff_minutes" >= 0))
);
--> statement-breakpoint
CREATE INDEX "delivery_window_zones_zone_idx" ON "delivery_window_zones" USING btree ("zone_id");
--> statement-breakpoint
CREATE TABLE "delivery_zone_days_off" (
	"zone_id" uuid NOT NULL REFERENCES "delivery_zones"("id") ON DELETE cascade,
	"weekday" integer NOT NULL,
	CONSTRAINT "delivery_zone_days_off_zone_id_weekday_pk" PRIMARY KEY("zone_id","weekday"),
	CONSTRAINT "delivery_zone_days_off_weekday_check" CHECK ("weekday" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "delivery_shop_closed_dates" (
	"date" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The week is the union of the zones' windows: one window per weekday, start and end any zone had,
-- kept under the id of its first row (by id) so the orders on that row need not move.
CREATE TABLE "delivery_windows_0044_rows" AS
SELECT "id" AS old_id, "zone_id", "weekday", "capacity", "cutoff_minutes",
	first_value("id") OVER (PARTITION BY "weekday", "start_minute", "end_minute" ORDER BY "id"::text) AS window_id
FROM "delivery_windows";
--> statement-breakpoint
-- Its capacity and cut-off: the ones most zones had (the larger on a tie), so fewest exceptions.
CREATE TABLE "delivery_windows_0044_week" AS
SELECT c.window_id, c.capacity, k.cutoff_minutes
FROM (SELECT DISTINCT ON (window_id) window_id, "capacity" FROM "delivery_windows_0044_rows"
		GROUP BY window_id, "capacity" ORDER BY window_id, count(*) DESC, "capacity" DESC) c
	JOIN (SELECT DISTINCT ON (window_id) window_id, "cutoff_minutes" FROM "delivery_windows_0044_rows"
		GROUP BY window_id, "cutoff_minutes" ORDER BY window_id, count(*) DESC, "cutoff_minutes" DESC) k ON k.window_id = c.window_id;
--> statement-breakpoint
-- A zone without any window on a weekday the week delivers: not served that day.
INSERT INTO "delivery_zone_days_off" ("zone_id", "weekday")
SELECT z."id", d."weekday"
FROM "delivery_zones" z CROSS JOIN (SELECT DISTINCT "weekday" FROM "delivery_windows_0044_rows") d
WHERE NOT EXISTS (SELECT 1 FROM "delivery_windows_0044_rows" r WHERE r."zone_id" = z."id" AND r."weekday" = d."weekday");
--> statement-breakpoint
-- A zone served that day but without one of its windows: not served in that window.
INSERT INTO "delivery_window_zones" ("window_id", "zone_id", "served")
SELECT w.window_id, z."id", false
FROM "delivery_zones" z CROSS JOIN (SELECT DISTINCT window_id, "weekday" FROM "delivery_windows_0044_rows") w
WHERE NOT EXISTS (SELECT 1 FROM "delivery_zone_days_off" o WHERE o."zone_id" = z."id" AND o."weekday" = w."weekday")
	AND NOT EXISTS (SELECT 1 FROM "delivery_windows_0044_rows" r WHERE r."zone_id" = z."id" AND r.window_id = w.window_id);
--> statement-breakpoint
-- A zone that had the window with another capacity or cut-off keeps its own.
INSERT INTO "delivery_window_zones" ("window_id", "zone_id", "served", "capacity", "cutoff_minutes")
SELECT r.window_id, r."zone_id", true,
	CASE WHEN r."capacity" <> w."capacity" THEN r."capacity" END,
	CASE WHEN r."cutoff_minutes" <> w."cutoff_minutes" THEN r."cutoff_minutes" END
FROM "delivery_windows_0044_rows" r JOIN "delivery_windows_0044_week" w ON w.window_id = r.window_id
WHERE r."capacity" <> w."capacity" OR r."cutoff_minutes" <> w."cutoff_minutes"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Orders' windows move to the week's window; they count in their order's zone from now on.
UPDATE "order_delivery_windows" o SET "window_id" = r.window_id
FROM "delivery_windows_0044_rows" r WHERE o."window_id" = r.old_id AND r.old_id <> r.window_id;
--> statement-breakpoint
UPDATE "delivery_windows" d SET "capacity" = w."capacity", "cutoff_minutes" = w."cutoff_minutes"
FROM "delivery_windows_0044_week" w WHERE d."id" = w.window_id;
--> statement-breakpoint
DELETE FROM "delivery_windows" d WHERE NOT EXISTS (SELECT 1 FROM "delivery_windows_0044_week" w WHERE w.window_id = d."id");
--> statement-breakpoint
ALTER TABLE "delivery_windows" DROP COLUMN "zone_id";
--> statement-breakpoint
CREATE INDEX "delivery_windows_weekday_idx" ON "delivery_windows" USING btree ("weekday","start_minute");
--> statement-breakpoint
-- A date every zone was closed becomes a closed date of the whole shop.
INSERT INTO "delivery_shop_closed_dates" ("date")
SELECT "date" FROM "delivery_closed_dates" GROUP BY "date" HAVING count(*) = (SELECT count(*) FROM "delivery_zones");
--> statement-breakpoint
DELETE FROM "delivery_closed_dates" WHERE "date" IN (SELECT "date" FROM "delivery_shop_closed_dates");
--> statement-breakpoint
DROP TABLE "delivery_windows_0044_rows";
--> statement-breakpoint
DROP TABLE "delivery_windows_0044_week";
