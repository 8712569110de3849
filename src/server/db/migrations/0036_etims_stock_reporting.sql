-- Stock reported to KRA eTIMS (docs/decisions/044-stock-reported-to-kra.md): the gap-free sarNo
-- counter, taken by the transaction that moves stock, and one declaration per movement KRA is told
-- of (insertStockIO then saveStockMaster), an outbox kind sent in sarNo order.
CREATE TABLE "etims_stock_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_sar_no" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "etims_stock_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sar_no" integer NOT NULL,
	"stock_movement_id" uuid,
	"product_id" uuid NOT NULL,
	"order_id" uuid,
	"sar_ty_cd" text NOT NULL,
	"quantity" integer NOT NULL,
	"rsd_qty" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"remark" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"error" text,
	"device_id" uuid,
	"io_accepted_at" timestamp with time zone,
	"result_code" text,
	"result_message" text,
	"request" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "etims_stock_moves_status_check" CHECK ("etims_stock_moves"."status" in ('queued', 'failed', 'sent')),
	CONSTRAINT "etims_stock_moves_quantity_check" CHECK ("etims_stock_moves"."quantity" > 0)
);--> statement-breakpoint
ALTER TABLE "etims_stock_moves" ADD CONSTRAINT "etims_stock_moves_stock_movement_id_fk" FOREIGN KEY ("stock_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_stock_moves" ADD CONSTRAINT "etims_stock_moves_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_stock_moves" ADD CONSTRAINT "etims_stock_moves_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_stock_moves" ADD CONSTRAINT "etims_stock_moves_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."etims_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etims_stock_moves_sar_no_idx" ON "etims_stock_moves" USING btree ("sar_no");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_stock_moves_movement_idx" ON "etims_stock_moves" USING btree ("stock_movement_id") WHERE "etims_stock_moves"."stock_movement_id" is not null;--> statement-breakpoint
CREATE INDEX "etims_stock_moves_product_idx" ON "etims_stock_moves" USING btree ("product_id","sar_no");--> statement-breakpoint
CREATE INDEX "etims_stock_moves_unsent_idx" ON "etims_stock_moves" USING btree ("sar_no") WHERE "etims_stock_moves"."status" in ('queued', 'failed');--> statement-breakpoint
-- What each product holds on the shelf now (its variants' stock, plus the units unpaid orders hold,
-- which are still in the shop) is declared as opening stock: KRA starts from the shop's count.
INSERT INTO "etims_stock_moves" ("sar_no", "product_id", "sar_ty_cd", "quantity", "rsd_qty", "unit_price", "remark", "created_at")
SELECT row_number() OVER (ORDER BY p."created_at", p."id"), p."id", '06', shelf.units, shelf.units, p."price",
	'Stock held when reporting to KRA began', now()
FROM "products" p
JOIN LATERAL (
	SELECT (SELECT coalesce(sum(v."stock"), 0) FROM "product_variants" v WHERE v."product_id" = p."id")
		+ (SELECT coalesce(sum(-r."quantity"), 0) FROM "stock_movements" r
			WHERE r."product_id" = p."id" AND r."kind" = 'reservation'
			AND NOT EXISTS (SELECT 1 FROM "stock_movements" e WHERE e."order_id" = r."order_id"
				AND e."variant_id" = r."variant_id" AND e."kind" IN ('sale', 'release'))) AS units
) shelf ON true
WHERE shelf.units > 0;--> statement-breakpoint
INSERT INTO "etims_stock_counter" ("id", "next_sar_no") SELECT 1, coalesce(max("sar_no"), 0) + 1 FROM "etims_stock_moves";
