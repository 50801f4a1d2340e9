CREATE TABLE "child_additional_programs" (
	"child_id" integer NOT NULL,
	"additional_program_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_additional_programs_child_id_additional_program_id_pk" PRIMARY KEY("child_id","additional_program_id")
);
--> statement-breakpoint
CREATE TABLE "child_programs" (
	"child_id" integer PRIMARY KEY NOT NULL,
	"main_program_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "child_weeks" (
	"child_id" integer NOT NULL,
	"week_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_weeks_child_id_week_id_pk" PRIMARY KEY("child_id","week_id")
);
--> statement-breakpoint
CREATE TABLE "family_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tariff_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount_children" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_subscriptions_source_check" CHECK ("family_subscriptions"."source" in ('trial', 'purchase', 'gift')),
	CONSTRAINT "family_subscriptions_period_check" CHECK ("family_subscriptions"."starts_at" < "family_subscriptions"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"week_id" integer,
	"additional_program_id" integer,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"video_key" text NOT NULL,
	"poster_key" text NOT NULL,
	"subtitles_key" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"task_key" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_code_unique" UNIQUE("code"),
	CONSTRAINT "lessons_one_parent_check" CHECK (("lessons"."week_id" is null) <> ("lessons"."additional_program_id" is null)),
	CONSTRAINT "lessons_position_check" CHECK ("lessons"."position" >= 1),
	CONSTRAINT "lessons_duration_check" CHECK ("lessons"."duration_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "main_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"age_group_id" integer NOT NULL,
	"title" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "main_programs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "program_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"main_program_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "program_weeks_number_check" CHECK ("program_weeks"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "child_additional_programs" ADD CONSTRAINT "child_additional_programs_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_additional_programs" ADD CONSTRAINT "child_additional_programs_additional_program_id_additional_programs_id_fk" FOREIGN KEY ("additional_program_id") REFERENCES "public"."additional_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_programs" ADD CONSTRAINT "child_programs_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_programs" ADD CONSTRAINT "child_programs_main_program_id_main_programs_id_fk" FOREIGN KEY ("main_program_id") REFERENCES "public"."main_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_weeks" ADD CONSTRAINT "child_weeks_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_weeks" ADD CONSTRAINT "child_weeks_week_id_program_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."program_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_subscriptions" ADD CONSTRAINT "family_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_subscriptions" ADD CONSTRAINT "family_subscriptions_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_week_id_program_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."program_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_additional_program_id_additional_programs_id_fk" FOREIGN KEY ("additional_program_id") REFERENCES "public"."additional_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "main_programs" ADD CONSTRAINT "main_programs_age_group_id_age_groups_id_fk" FOREIGN KEY ("age_group_id") REFERENCES "public"."age_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_weeks" ADD CONSTRAINT "program_weeks_main_program_id_main_programs_id_fk" FOREIGN KEY ("main_program_id") REFERENCES "public"."main_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_subscriptions_user_ends_idx" ON "family_subscriptions" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "family_subscriptions_one_trial_idx" ON "family_subscriptions" USING btree ("user_id") WHERE "family_subscriptions"."source" = 'trial';--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_week_position_idx" ON "lessons" USING btree ("week_id","position") WHERE "lessons"."week_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_additional_position_idx" ON "lessons" USING btree ("additional_program_id","position") WHERE "lessons"."additional_program_id" is not null;--> statement-breakpoint
CREATE INDEX "main_programs_age_group_idx" ON "main_programs" USING btree ("age_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_weeks_program_number_idx" ON "program_weeks" USING btree ("main_program_id","number");