-- The customer's usual delivery time: the time of day of the window she last picked at checkout,
-- offered first at her next checkout on any device.
ALTER TABLE "profiles" ADD COLUMN "preferred_window_start" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "preferred_window_end" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_preferred_window_check" CHECK (("preferred_window_start" is null) = ("preferred_window_end" is null) and "preferred_window_start" >= 0 and "preferred_window_end" <= 1440 and "preferred_window_end" > "preferred_window_start");
