ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_state_check";--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_status_check";--> statement-breakpoint
ALTER TABLE "child_additional_programs" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "child_weeks" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "family_subscriptions" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refund_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refunded_by" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "child_additional_programs" ADD CONSTRAINT "child_additional_programs_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_weeks" ADD CONSTRAINT "child_weeks_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_subscriptions" ADD CONSTRAINT "family_subscriptions_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_additional_programs_purchase_idx" ON "child_additional_programs" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "child_weeks_purchase_idx" ON "child_weeks" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "family_subscriptions_purchase_idx" ON "family_subscriptions" USING btree ("purchase_id");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_state_check" CHECK ("payment_orders"."state" in ('new', 'pending', 'paid', 'failed', 'refunded'));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('new', 'paid', 'cancelled', 'refunded'));