CREATE TABLE "card_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"binding_id" text NOT NULL,
	"masked_pan" text,
	"expiry_date" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_bindings_binding_id_unique" UNIQUE("binding_id")
);
--> statement-breakpoint
CREATE TABLE "child_slot_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"slots" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_slot_purchases_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "child_slot_purchases_slots_check" CHECK ("child_slot_purchases"."slots" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"buyer_id" integer,
	"tariff_id" integer NOT NULL,
	"code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"activated_by" integer,
	"activated_at" timestamp with time zone,
	"sent_to" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_certificates_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "gift_certificates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"user_id" integer,
	"kind" text DEFAULT 'checkout' NOT NULL,
	"order_number" text NOT NULL,
	"gateway_order_id" text,
	"state" text DEFAULT 'new' NOT NULL,
	"amount" integer NOT NULL,
	"promo_code_id" integer,
	"form_url" text,
	"gateway_status" integer,
	"action_code" integer,
	"fail_reason" text,
	"masked_pan" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "payment_orders_gateway_order_id_unique" UNIQUE("gateway_order_id"),
	CONSTRAINT "payment_orders_kind_check" CHECK ("payment_orders"."kind" in ('checkout', 'renewal')),
	CONSTRAINT "payment_orders_state_check" CHECK ("payment_orders"."state" in ('new', 'pending', 'paid', 'failed')),
	CONSTRAINT "payment_orders_amount_check" CHECK ("payment_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"purchase_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_kind_check" CHECK ("promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" > 0 and ("promo_codes"."kind" <> 'percent' or "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_code_check" CHECK ("promo_codes"."code" = upper("promo_codes"."code"))
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"lines" jsonb NOT NULL,
	"tariff_id" integer,
	"amount" integer NOT NULL,
	"promo_code_id" integer,
	"discount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"recurrent" boolean DEFAULT false NOT NULL,
	"child_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_type_check" CHECK ("purchases"."type" in ('subscription', 'gift', 'child-slot', 'weeks', 'additional-program')),
	CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('new', 'paid', 'cancelled')),
	CONSTRAINT "purchases_money_check" CHECK ("purchases"."amount" >= 0 and "purchases"."discount" >= 0 and "purchases"."total" = "purchases"."amount" - "purchases"."discount")
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_bindings" (
	"binding_id" text PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"client_id" text NOT NULL,
	"masked_pan" text NOT NULL,
	"expiry_date" text NOT NULL,
	"card_kind" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"order_number" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"return_url" text NOT NULL,
	"fail_url" text,
	"description" text,
	"client_id" text,
	"features" text,
	"email" text,
	"json_params" jsonb,
	"order_bundle" jsonb,
	"order_status" integer DEFAULT 0 NOT NULL,
	"action_code" integer DEFAULT 0 NOT NULL,
	"action_code_description" text DEFAULT '' NOT NULL,
	"masked_pan" text,
	"expiration" text,
	"cardholder_name" text,
	"payment_system" text,
	"binding_id" text,
	"approved_amount" integer DEFAULT 0 NOT NULL,
	"deposited_amount" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_bindings" ADD CONSTRAINT "card_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_slot_purchases" ADD CONSTRAINT "child_slot_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_slot_purchases" ADD CONSTRAINT "child_slot_purchases_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_bindings_user_idx" ON "card_bindings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "child_slot_purchases_user_idx" ON "child_slot_purchases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gift_certificates_buyer_idx" ON "gift_certificates" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_purchase_idx" ON "payment_orders" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_unsettled_idx" ON "payment_orders" USING btree ("created_at") WHERE "payment_orders"."state" in ('new', 'pending');--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_bindings_client_idx" ON "sandbox_gateway_bindings" USING btree ("user_name","client_id") WHERE "sandbox_gateway_bindings"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_orders_number_idx" ON "sandbox_gateway_orders" USING btree ("user_name","order_number");