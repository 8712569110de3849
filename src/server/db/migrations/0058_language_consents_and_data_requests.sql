-- The customer's language and her rights over her data (docs/decisions/068-kiswahili-and-data-rights.md).
-- Each customer's language ('en' or 'sw'), kept for her SMS and mail; each order keeps the language it
-- was placed in, so a guest's messages follow the language she shopped in.
ALTER TABLE "profiles" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_locale_check" CHECK ("locale" in ('en', 'sw'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_locale_check" CHECK ("locale" in ('en', 'sw'));
--> statement-breakpoint
-- Every consent given or withdrawn, with when and where: the current choice stays where it is read
-- (profiles.sms_updates, profiles.cart_reminders, newsletter_subscriptions); this is its history.
-- A consent given without an account (the newsletter form, a guest's order SMS, an SMS STOP) names
-- the email or phone instead.
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text REFERENCES "user"("id") ON DELETE CASCADE,
	"email" text,
	"phone" text,
	"kind" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_kind_check" CHECK ("kind" in ('newsletter', 'cart_reminders', 'order_sms')),
	CONSTRAINT "consents_who_check" CHECK ("user_id" IS NOT NULL OR "email" IS NOT NULL OR "phone" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "consents_phone_idx" ON "consents" USING btree ("phone") WHERE "phone" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "consents_email_idx" ON "consents" USING btree (lower("email")) WHERE "email" IS NOT NULL;
--> statement-breakpoint
-- The back office's log of data requests: each export and each deletion, with its dates. It names
-- the account by its id only (no name, phone or email), so it outlives a deleted account.
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "data_requests_kind_check" CHECK ("kind" in ('export', 'deletion'))
);
--> statement-breakpoint
CREATE INDEX "data_requests_requested_idx" ON "data_requests" USING btree ("requested_at");
