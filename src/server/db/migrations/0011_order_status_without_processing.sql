-- 'processing' was a legal order status that nothing ever wrote; packing is a fulfilment step
-- (fulfilment_status 'processing'), not an order status. The order's statuses are the lifecycle's.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'completed', 'failed', 'cancelled'));
