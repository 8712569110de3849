-- KRA eTIMS: the control-unit device (initialised once, its communication key and cached code lists),
-- the items it registered, the shop's gap-free tax-invoice counter, and the tax invoices (sales and
-- credit notes), one kind of the outbox sent in number order (docs/decisions/022-etims-tax-invoices.md).
CREATE TABLE "etims_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tin" text NOT NULL,
	"bhf_id" text NOT NULL,
	"dvc_srl_no" text NOT NULL,
	"dvc_id" text,
	"sdc_id" text,
	"mrc_no" text,
	"cmc_key" text,
	"taxpayer_name" text,
	"branch_name" text,
	"initialised_at" timestamp with time zone,
	"next_invc_no" integer DEFAULT 1 NOT NULL,
	"next_item_seq" integer DEFAULT 1 NOT NULL,
	"code_lists" jsonb,
	"item_classes" jsonb,
	"codes_refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "etims_devices_identity_idx" ON "etims_devices" USING btree ("tin","bhf_id","dvc_srl_no");--> statement-breakpoint
CREATE TABLE "etims_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"product_id" uuid,
	"item_cd" text NOT NULL,
	"item_cls_cd" text NOT NULL,
	"item_ty_cd" text NOT NULL,
	"pkg_unit_cd" text NOT NULL,
	"qty_unit_cd" text NOT NULL,
	"tax_ty_cd" text NOT NULL,
	"item_nm" text NOT NULL,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "etims_items" ADD CONSTRAINT "etims_items_device_id_etims_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."etims_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_items" ADD CONSTRAINT "etims_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etims_items_key_idx" ON "etims_items" USING btree ("device_id","item_key");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_items_code_idx" ON "etims_items" USING btree ("device_id","item_cd");--> statement-breakpoint
CREATE TABLE "tax_invoice_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_number" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "tax_invoice_counter" ("id", "next_number") VALUES (1, 1);--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"original_invoice_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"error" text,
	"total" numeric(12, 2) NOT NULL,
	"device_id" uuid,
	"invc_no" integer,
	"result_code" text,
	"result_message" text,
	"request" jsonb,
	"cur_rcpt_no" integer,
	"tot_rcpt_no" integer,
	"intrl_data" text,
	"rcpt_sign" text,
	"sdc_date_time" timestamp with time zone,
	"sdc_id" text,
	"mrc_no" text,
	"cu_invoice_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "tax_invoices_status_check" CHECK ("tax_invoices"."status" in ('queued', 'failed', 'sent', 'refused')),
	CONSTRAINT "tax_invoices_kind_check" CHECK ("tax_invoices"."kind" in ('sale', 'credit_note'))
);--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_original_invoice_id_fk" FOREIGN KEY ("original_invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_device_id_etims_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."etims_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_number_idx" ON "tax_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_order_kind_idx" ON "tax_invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_device_invc_no_idx" ON "tax_invoices" USING btree ("device_id","invc_no") WHERE "tax_invoices"."invc_no" is not null;--> statement-breakpoint
CREATE INDEX "tax_invoices_unsent_idx" ON "tax_invoices" USING btree ("number") WHERE "tax_invoices"."status" in ('queued', 'failed');
