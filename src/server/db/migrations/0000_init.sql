CREATE TABLE "instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "landing_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"banner_description" text NOT NULL,
	"banner_text" text NOT NULL,
	"video_heading" text NOT NULL,
	"video_link" text NOT NULL,
	"video_poster" text NOT NULL,
	"promo_button" text NOT NULL,
	"promo_text" text NOT NULL,
	"special_text" text NOT NULL,
	"offer_percent" integer DEFAULT 0 NOT NULL,
	"key_values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_contents_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"version" text DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "additional_program_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"additional_program_id" integer NOT NULL,
	"amount_children" integer NOT NULL,
	"price" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "additional_program_offers_price_check" CHECK ("additional_program_offers"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "additional_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"icon" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "additional_programs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "age_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"description" text NOT NULL,
	"skills" jsonb NOT NULL,
	"topics" jsonb NOT NULL,
	CONSTRAINT "age_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "regions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"duration" integer NOT NULL,
	"amount_children" integer NOT NULL,
	"price" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariffs_code_unique" UNIQUE("code"),
	CONSTRAINT "tariffs_kind_check" CHECK ("tariffs"."kind" in ('subscription', 'gift')),
	CONSTRAINT "tariffs_price_check" CHECK ("tariffs"."price" >= 0),
	CONSTRAINT "tariffs_amount_children_check" CHECK ("tariffs"."amount_children" between 1 and 10),
	CONSTRAINT "tariffs_duration_check" CHECK ("tariffs"."duration" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_tokens_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"name" text DEFAULT '' NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"patronymic" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"region_id" integer,
	"role" text DEFAULT 'parent' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('parent', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "additional_program_offers" ADD CONSTRAINT "additional_program_offers_additional_program_id_additional_programs_id_fk" FOREIGN KEY ("additional_program_id") REFERENCES "public"."additional_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instructions_position_idx" ON "instructions" USING btree ("position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "additional_program_offers_program_children_idx" ON "additional_program_offers" USING btree ("additional_program_id","amount_children");--> statement-breakpoint
CREATE INDEX "age_groups_min_age_idx" ON "age_groups" USING btree ("min_age");--> statement-breakpoint
CREATE INDEX "regions_name_idx" ON "regions" USING btree ("name");--> statement-breakpoint
CREATE INDEX "tariffs_listing_idx" ON "tariffs" USING btree ("kind","is_active","duration","amount_children");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_tokens_user_id_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_tokens_expires_at_idx" ON "user_tokens" USING btree ("expires_at");