CREATE TABLE "subscription_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"resumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_pauses_period_check" CHECK ("subscription_pauses"."starts_at" < "subscription_pauses"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "subscription_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tariff_id" integer NOT NULL,
	"card_binding_id" integer NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"next_charge_at" timestamp with time zone NOT NULL,
	"reminded_for" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"charge_order_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_renewals_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "subscription_renewals_failed_check" CHECK ("subscription_renewals"."failed_attempts" >= 0),
	CONSTRAINT "subscription_renewals_cancel_check" CHECK (("subscription_renewals"."cancelled_at" is null) = ("subscription_renewals"."cancel_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"reason" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unsubscribe_feedback_comment_check" CHECK (char_length("unsubscribe_feedback"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_subscription_id_family_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."family_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_card_binding_id_card_bindings_id_fk" FOREIGN KEY ("card_binding_id") REFERENCES "public"."card_bindings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_charge_order_id_payment_orders_id_fk" FOREIGN KEY ("charge_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_feedback" ADD CONSTRAINT "unsubscribe_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_pauses_user_idx" ON "subscription_pauses" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "subscription_renewals_due_idx" ON "subscription_renewals" USING btree ("next_charge_at") WHERE "subscription_renewals"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "unsubscribe_feedback_created_idx" ON "unsubscribe_feedback" USING btree ("created_at");