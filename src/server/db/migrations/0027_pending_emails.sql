-- An email a phone-only account asked to add: it stays here, not in "user".email, until the link
-- mailed to it is used by someone signed in to that account (one per account, its code as SHA-256).
CREATE TABLE "pending_emails" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_emails_code_hash_unique" UNIQUE("code_hash")
);--> statement-breakpoint
ALTER TABLE "pending_emails" ADD CONSTRAINT "pending_emails_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_emails_email_idx" ON "pending_emails" USING btree ("email");--> statement-breakpoint
-- An address written unconfirmed onto a phone-only account was never proved to be its holder's: the
-- account gets its stand-in back, so a sign-up or reset for that address treats it as new.
UPDATE "user" SET "email" = regexp_replace("phone_number", '^\+', '') || '@phone.invalid', "updated_at" = now()
WHERE "phone_number" IS NOT NULL AND "email_verified" = false AND "email" NOT LIKE '%@phone.invalid';
