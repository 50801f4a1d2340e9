CREATE TABLE "video_ladders" (
	"source_key" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"folder" text NOT NULL,
	"start_ticks" integer DEFAULT 0 NOT NULL,
	"duration_seconds" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_ladders_state_check" CHECK ("video_ladders"."state" in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "video_ladders_progress_check" CHECK ("video_ladders"."progress" between 0 and 100)
);
