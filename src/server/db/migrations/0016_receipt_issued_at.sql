-- When the order's receipt was first issued to its customer: that one is the original, every later
-- one is marked COPY.
ALTER TABLE "orders" ADD COLUMN "receipt_issued_at" timestamp with time zone;
