-- The original receipt is one per document: the print view's (receipt_issued_at) and the PDF's
-- (receipt_pdf_issued_at), so opening 'Print receipt' first no longer makes the customer's only PDF a
-- copy. An order whose receipt was already issued keeps its one original: its PDF counts as issued too.
ALTER TABLE "orders" ADD COLUMN "receipt_pdf_issued_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "receipt_pdf_issued_at" = "receipt_issued_at" WHERE "receipt_issued_at" IS NOT NULL;
