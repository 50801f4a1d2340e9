-- Invite a friend: two new tables, a new nullable column and index, and a wider check on the periods' source.
-- The release before this one never reads the new tables or column, and writes only sources the check still admits.
CREATE TABLE "referral_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"invited_id" integer,
	"purchase_id" integer,
	"state" text NOT NULL,
	"days" integer NOT NULL,
	"period_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_back_at" timestamp with time zone,
	CONSTRAINT "referral_rewards_invited_id_unique" UNIQUE("invited_id"),
	CONSTRAINT "referral_rewards_state_check" CHECK ("referral_rewards"."state" in ('granted', 'kept', 'taken_back', 'refused_self', 'refused_limit'))
);
--> statement-breakpoint
CREATE TABLE "user_devices" (
	"user_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
ALTER TABLE "family_subscriptions" DROP CONSTRAINT "family_subscriptions_source_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_invited_id_users_id_fk" FOREIGN KEY ("invited_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_period_id_family_subscriptions_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."family_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_rewards_inviter_idx" ON "referral_rewards" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "user_devices_device_idx" ON "user_devices" USING btree ("device_hash");--> statement-breakpoint
CREATE INDEX "users_referrer_code_idx" ON "users" USING btree (lower("referrer_code")) WHERE "users"."referrer_code" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code");--> statement-breakpoint
ALTER TABLE "family_subscriptions" ADD CONSTRAINT "family_subscriptions_source_check" CHECK ("family_subscriptions"."source" in ('trial', 'purchase', 'gift', 'referral'));