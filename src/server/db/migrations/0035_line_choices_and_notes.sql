-- Fresh food: per line, what the shop does if the item has run out when packing and the customer's
-- note ('cut into 4 pieces'); per order, a note for the shop. Orders placed before keep the shop's
-- usual choice (a similar item) and no notes.
ALTER TABLE "order_items" ADD COLUMN "if_unavailable" text DEFAULT 'similar' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "customer_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_if_unavailable_check" CHECK ("order_items"."if_unavailable" in ('similar', 'call', 'remove'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_note" text DEFAULT '' NOT NULL;
