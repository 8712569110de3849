-- An order cancelled while its payment could still complete tells the customer only once the
-- payment's end is known (never 'You have not been charged' before a payment that then lands).
ALTER TABLE "orders" ADD COLUMN "cancel_notice_due" boolean DEFAULT false NOT NULL;
