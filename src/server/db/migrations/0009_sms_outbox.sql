-- Order updates by SMS (docs/decisions/012-sms-outbox.md), the customer's choice, and mail once per order step.
CREATE TABLE "outbound_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"to" text NOT NULL,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"provider_message_id" text,
	"provider_status" text,
	"cost" text,
	"delivery_status" text,
	"delivery_failure_reason" text,
	"delivery_reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbound_sms_status_check" CHECK ("outbound_sms"."status" in ('stored', 'queued', 'failed', 'sent', 'abandoned'))
);--> statement-breakpoint
ALTER TABLE "outbound_sms" ADD CONSTRAINT "outbound_sms_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_sms_dedupe_key" ON "outbound_sms" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbound_sms_order_idx" ON "outbound_sms" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "outbound_sms_created_idx" ON "outbound_sms" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbound_sms_provider_id_idx" ON "outbound_sms" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "outbound_sms_due_idx" ON "outbound_sms" USING btree ("next_attempt_at") WHERE "outbound_sms"."status" in ('queued', 'failed');--> statement-breakpoint
ALTER TABLE "outbound_mail" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "outbound_mail" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_mail_dedupe_key" ON "outbound_mail" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbound_mail_order_idx" ON "outbound_mail" USING btree ("order_id") WHERE "outbound_mail"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sms_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sms_updates_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sms_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sms_updates_at" timestamp with time zone;
