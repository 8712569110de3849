-- Pick-up at the shop (docs/decisions/060-pick-up-at-the-shop.md). An order is delivered (as every
-- order before) or collected; a collected order has no address, no delivery zone and no delivery or
-- small-order fee, which the database itself refuses otherwise. Pick-up windows are rows of the
-- shop's week of their own kind, held and counted like delivery windows. 'ready_for_pickup' is a
-- pick-up order's step before it is collected (delivered).
ALTER TABLE "orders" ADD COLUMN "fulfilment_method" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_method_check" CHECK ("fulfilment_method" in ('delivery', 'pickup'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_check" CHECK ("fulfilment_method" <> 'pickup' or ("delivery_address" = '' and "delivery_fee" = 0 and "small_order_fee" = 0 and "delivery_zone_id" is null and "rider_id" is null));--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_fulfilment_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_check" CHECK ("fulfilment_status" in ('unfulfilled', 'processing', 'out_for_delivery', 'ready_for_pickup', 'delivered'));--> statement-breakpoint
ALTER TABLE "delivery_windows" ADD COLUMN "kind" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_windows" ADD CONSTRAINT "delivery_windows_kind_check" CHECK ("kind" in ('delivery', 'pickup'));
