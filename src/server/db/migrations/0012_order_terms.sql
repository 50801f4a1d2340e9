ALTER TABLE "payment_orders" ADD COLUMN "promo_held" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;