-- The sales reports read per-day sums instead of every paid order of the range (a year by month was
-- 300,000 orders at the bench's size L; docs/decisions/064-sales-rollup.md).
-- order_sales: what each paid order adds to the sums, one row per paid order, kept by triggers from
-- the order, its payments and its refunds. sales_rollup: those rows summed per Nairobi day, payment
-- method, new or returning customer and shard; a shard (the order id's hash) lets payments
-- completing at once update different rows rather than queue on one row per day.
-- Amounts are in cents (bigint): numeric(12, 2) amounts times 100 are whole numbers, so sums are exact.
-- An order's refunds, found through its payments: the view below and the dashboard's revenue read
-- them per order, and the other indexes on transaction_id are partial (one refund of a kind at a time).
CREATE INDEX "payment_refunds_transaction_idx" ON "payment_refunds" USING btree ("transaction_id");
--> statement-breakpoint
CREATE VIEW "order_sales_source" AS
SELECT o.id AS order_id,
  o.user_id,
  o.paid_at,
  -- Nairobi is UTC+3 all year (no daylight saving).
  ((o.paid_at AT TIME ZONE 'UTC') + interval '3 hours')::date AS day,
  coalesce(pt.payment_method, '') AS method,
  -- A customer is new in their first paid order ever, and returning in every later one.
  exists (SELECT 1 FROM orders e WHERE e.user_id = o.user_id AND e.paid_at < o.paid_at) AS returning_customer,
  (abs(hashtext(o.id::text)) % 8)::smallint AS shard,
  round(o.total_amount * 100)::bigint AS charged,
  round(o.subtotal * 100)::bigint AS goods,
  round(o.vat * 100)::bigint AS vat,
  round(o.delivery_fee * 100)::bigint AS delivery,
  round(o.small_order_fee * 100)::bigint AS small,
  round(o.discount_total * 100)::bigint AS discounts,
  coalesce(pt.rounding, 0)::bigint AS rounding,
  -- A refund counts once made (Pesapal's, or the owner's by M-Pesa); a refund of a second, accidental
  -- payment does not, as that payment is not in what the order charged either.
  coalesce((SELECT round(sum(pr.amount) * 100) FROM payment_refunds pr JOIN payment_transactions t ON t.id = pr.transaction_id
    WHERE t.order_id = o.id AND pr.status = 'refunded' AND pr.source <> 'extra_payment'), 0)::bigint AS refunded
FROM orders o
LEFT JOIN payment_transactions pt ON pt.pesapal_tracking_id = o.pesapal_transaction_id
WHERE o.paid_at IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "order_sales" (
  "order_id" uuid PRIMARY KEY NOT NULL,
  "user_id" text,
  "paid_at" timestamp with time zone NOT NULL,
  "day" date NOT NULL,
  "method" text NOT NULL,
  "returning_customer" boolean NOT NULL,
  "shard" smallint NOT NULL,
  "charged" bigint NOT NULL,
  "goods" bigint NOT NULL,
  "vat" bigint NOT NULL,
  "delivery" bigint NOT NULL,
  "small" bigint NOT NULL,
  "discounts" bigint NOT NULL,
  "rounding" bigint NOT NULL,
  "refunded" bigint NOT NULL
);
--> statement-breakpoint
-- The customers of a range, new and returning, counted from the index alone.
CREATE INDEX "order_sales_customers_idx" ON "order_sales" USING btree ("day", "returning_customer", "user_id");
--> statement-breakpoint
CREATE INDEX "order_sales_user_idx" ON "order_sales" USING btree ("user_id", "paid_at");
--> statement-breakpoint
CREATE TABLE "sales_rollup" (
  "day" date NOT NULL,
  "method" text NOT NULL,
  "returning_customer" boolean NOT NULL,
  "shard" smallint NOT NULL,
  "orders" integer NOT NULL,
  "charged" bigint NOT NULL,
  "goods" bigint NOT NULL,
  "vat" bigint NOT NULL,
  "delivery" bigint NOT NULL,
  "small" bigint NOT NULL,
  "discounts" bigint NOT NULL,
  "rounding" bigint NOT NULL,
  "refunded" bigint NOT NULL,
  CONSTRAINT "sales_rollup_pkey" PRIMARY KEY ("day", "method", "returning_customer", "shard")
);
--> statement-breakpoint
-- Adds one order's row to the sums (sign 1) or takes it away (sign -1).
CREATE FUNCTION sales_rollup_add(s order_sales, sign integer) RETURNS void AS $$
BEGIN
  INSERT INTO sales_rollup AS r (day, method, returning_customer, shard, orders, charged, goods, vat, delivery, small, discounts, rounding, refunded)
  VALUES (s.day, s.method, s.returning_customer, s.shard, sign, sign * s.charged, sign * s.goods, sign * s.vat, sign * s.delivery,
    sign * s.small, sign * s.discounts, sign * s.rounding, sign * s.refunded)
  ON CONFLICT (day, method, returning_customer, shard) DO UPDATE SET
    orders = r.orders + excluded.orders, charged = r.charged + excluded.charged, goods = r.goods + excluded.goods,
    vat = r.vat + excluded.vat, delivery = r.delivery + excluded.delivery, small = r.small + excluded.small,
    discounts = r.discounts + excluded.discounts, rounding = r.rounding + excluded.rounding, refunded = r.refunded + excluded.refunded;
  -- A row whose last order moved away (to another method, say) holds only zeros: none is kept.
  IF sign < 0 THEN
    DELETE FROM sales_rollup
    WHERE day = s.day AND method = s.method AND returning_customer = s.returning_customer AND shard = s.shard AND orders = 0;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Brings one order's row, and so the sums, up to date with the order as it now stands (paid or not).
CREATE FUNCTION refresh_order_sales(target uuid) RETURNS void AS $$
DECLARE
  was order_sales;
  now_ order_sales;
  had boolean;
  has boolean;
  other uuid;
BEGIN
  -- The order's lock first, as every writer of its payments takes it: a refund or a payment method
  -- written beside the payment itself then waits, and reads the order as the payment left it, instead
  -- of both reading the order half-changed and one change going uncounted.
  PERFORM 1 FROM orders WHERE id = target FOR NO KEY UPDATE;
  SELECT * INTO was FROM order_sales WHERE order_id = target FOR UPDATE;
  had := FOUND;
  SELECT order_id, user_id, paid_at, day, method, returning_customer, shard, charged, goods, vat, delivery, small, discounts, rounding, refunded
    INTO now_ FROM order_sales_source WHERE order_id = target;
  has := FOUND;
  IF NOT had AND NOT has OR had AND has AND was IS NOT DISTINCT FROM now_ THEN
    RETURN;
  END IF;
  -- Rows of the sums are changed in key order, so two such changes never wait on each other in a circle.
  IF had AND (NOT has OR (was.day, was.method, was.returning_customer, was.shard) <= (now_.day, now_.method, now_.returning_customer, now_.shard)) THEN
    PERFORM sales_rollup_add(was, -1);
    had := false;
  END IF;
  IF has THEN
    PERFORM sales_rollup_add(now_, 1);
  END IF;
  IF had THEN
    PERFORM sales_rollup_add(was, -1);
  END IF;
  -- Updated in place, not deleted and inserted: a change waiting on this row's lock then reads the
  -- row as this one leaves it.
  IF was.order_id IS NOT NULL AND has THEN
    UPDATE order_sales SET user_id = now_.user_id, paid_at = now_.paid_at, day = now_.day, method = now_.method,
      returning_customer = now_.returning_customer, shard = now_.shard, charged = now_.charged, goods = now_.goods, vat = now_.vat,
      delivery = now_.delivery, small = now_.small, discounts = now_.discounts, rounding = now_.rounding, refunded = now_.refunded
    WHERE order_id = target;
  ELSIF has THEN
    INSERT INTO order_sales SELECT now_.*;
  ELSE
    DELETE FROM order_sales WHERE order_id = target;
  END IF;
  -- A payment time or customer that changed can make the customer's later orders new or returning.
  IF was.paid_at IS DISTINCT FROM now_.paid_at OR was.user_id IS DISTINCT FROM now_.user_id THEN
    FOR other IN
      SELECT s.order_id FROM order_sales s
      WHERE s.user_id IN (was.user_id, now_.user_id) AND s.order_id <> target AND s.paid_at > least(was.paid_at, now_.paid_at)
    LOOP
      PERFORM refresh_order_sales(other);
    END LOOP;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Every order's row and the sums again, from the orders as they stand: after writing history in bulk
-- without triggers (the bench's and the scale tests' data).
CREATE FUNCTION rebuild_order_sales() RETURNS void AS $$
BEGIN
  DELETE FROM sales_rollup;
  DELETE FROM order_sales;
  INSERT INTO order_sales
    SELECT order_id, user_id, paid_at, day, method, returning_customer, shard, charged, goods, vat, delivery, small, discounts, rounding, refunded
    FROM order_sales_source;
  INSERT INTO sales_rollup
    SELECT day, method, returning_customer, shard, count(*)::int, sum(charged), sum(goods), sum(vat), sum(delivery), sum(small),
      sum(discounts), sum(rounding), sum(refunded)
    FROM order_sales GROUP BY day, method, returning_customer, shard;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION order_sales_from_order() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM refresh_order_sales(OLD.id);
    RETURN OLD;
  END IF;
  PERFORM refresh_order_sales(NEW.id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.paid_at IS NOT NULL) EXECUTE FUNCTION order_sales_from_order();
--> statement-breakpoint
CREATE TRIGGER orders_sales_delete AFTER DELETE ON orders
  FOR EACH ROW WHEN (OLD.paid_at IS NOT NULL) EXECUTE FUNCTION order_sales_from_order();
--> statement-breakpoint
CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders
  FOR EACH ROW WHEN (
    (OLD.paid_at IS NOT NULL OR NEW.paid_at IS NOT NULL) AND
    (OLD.paid_at, OLD.user_id, OLD.total_amount, OLD.subtotal, OLD.vat, OLD.delivery_fee, OLD.small_order_fee, OLD.discount_total,
      OLD.pesapal_transaction_id)
    IS DISTINCT FROM
    (NEW.paid_at, NEW.user_id, NEW.total_amount, NEW.subtotal, NEW.vat, NEW.delivery_fee, NEW.small_order_fee, NEW.discount_total,
      NEW.pesapal_transaction_id)
  ) EXECUTE FUNCTION order_sales_from_order();
--> statement-breakpoint
CREATE FUNCTION order_sales_from_payment() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_order_sales(OLD.order_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.order_id <> OLD.order_id) THEN
    PERFORM refresh_order_sales(NEW.order_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A payment's method, rounding and tracking id are read by its order's row; its refunds too.
CREATE TRIGGER payment_transactions_sales_insert AFTER INSERT ON payment_transactions
  FOR EACH ROW EXECUTE FUNCTION order_sales_from_payment();
--> statement-breakpoint
CREATE TRIGGER payment_transactions_sales_delete AFTER DELETE ON payment_transactions
  FOR EACH ROW EXECUTE FUNCTION order_sales_from_payment();
--> statement-breakpoint
CREATE TRIGGER payment_transactions_sales_update AFTER UPDATE ON payment_transactions
  FOR EACH ROW WHEN (
    (OLD.order_id, OLD.payment_method, OLD.rounding, OLD.pesapal_tracking_id)
    IS DISTINCT FROM (NEW.order_id, NEW.payment_method, NEW.rounding, NEW.pesapal_tracking_id)
  ) EXECUTE FUNCTION order_sales_from_payment();
--> statement-breakpoint
CREATE FUNCTION order_sales_from_refund() RETURNS trigger AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT order_id INTO target FROM payment_transactions WHERE id = OLD.transaction_id;
    IF FOUND THEN
      PERFORM refresh_order_sales(target);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.transaction_id <> OLD.transaction_id) THEN
    SELECT order_id INTO target FROM payment_transactions WHERE id = NEW.transaction_id;
    IF FOUND THEN
      PERFORM refresh_order_sales(target);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payment_refunds_sales_insert AFTER INSERT ON payment_refunds
  FOR EACH ROW EXECUTE FUNCTION order_sales_from_refund();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_sales_delete AFTER DELETE ON payment_refunds
  FOR EACH ROW EXECUTE FUNCTION order_sales_from_refund();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_sales_update AFTER UPDATE ON payment_refunds
  FOR EACH ROW WHEN (
    (OLD.transaction_id, OLD.amount, OLD.status, OLD.source) IS DISTINCT FROM (NEW.transaction_id, NEW.amount, NEW.status, NEW.source)
  ) EXECUTE FUNCTION order_sales_from_refund();
--> statement-breakpoint
SELECT rebuild_order_sales();
