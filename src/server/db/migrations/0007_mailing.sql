CREATE TABLE "mailing_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"button_label" text,
	"button_url" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_campaigns_status_check" CHECK ("mailing_campaigns"."status" in ('draft', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "mailing_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"requires_consent" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "mailing_choices" (
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"subscribed" boolean NOT NULL,
	"source" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_choices_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "mailing_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"campaign_id" integer,
	"child_id" integer,
	"week_number" integer,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "mailing_deliveries_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mailing_deliveries_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "mailing_deliveries_status_check" CHECK ("mailing_deliveries"."status" in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "mailing_campaigns" ADD CONSTRAINT "mailing_campaigns_category_id_mailing_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."mailing_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_campaigns" ADD CONSTRAINT "mailing_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_choices" ADD CONSTRAINT "mailing_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_choices" ADD CONSTRAINT "mailing_choices_category_id_mailing_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."mailing_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_category_id_mailing_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."mailing_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_campaign_id_mailing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."mailing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_choices_category_idx" ON "mailing_choices" USING btree ("category_id","subscribed","changed_at");--> statement-breakpoint
CREATE INDEX "mailing_deliveries_pending_idx" ON "mailing_deliveries" USING btree ("id") WHERE "mailing_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mailing_deliveries_campaign_idx" ON "mailing_deliveries" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "mailing_deliveries_user_idx" ON "mailing_deliveries" USING btree ("user_id");