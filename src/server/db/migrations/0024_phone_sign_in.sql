-- Sign-in with a code by SMS: the account's verified phone number (better-auth's phoneNumber plugin
-- columns; null for every existing account), and SMS that belong to no order (the sign-in code).
ALTER TABLE "user" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_number_verified" boolean;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_phone_number_unique" UNIQUE("phone_number");--> statement-breakpoint
ALTER TABLE "outbound_sms" ALTER COLUMN "order_id" DROP NOT NULL;
