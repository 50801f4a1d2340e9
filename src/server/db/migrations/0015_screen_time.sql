CREATE TABLE "screen_time_days" (
	"child_id" integer NOT NULL,
	"day" date NOT NULL,
	"watched_seconds" integer DEFAULT 0 NOT NULL,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"granted_until_seconds" integer,
	"last_lesson_id" integer,
	"last_position_seconds" double precision,
	"last_report_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_time_days_child_id_day_pk" PRIMARY KEY("child_id","day")
);
--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "daily_limit_minutes" smallint;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "no_lessons_after" smallint;--> statement-breakpoint
ALTER TABLE "screen_time_days" ADD CONSTRAINT "screen_time_days_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;