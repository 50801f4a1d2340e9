CREATE TABLE "child_achievements" (
	"child_id" integer NOT NULL,
	"code" text NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "child_achievements_child_id_code_pk" PRIMARY KEY("child_id","code")
);
--> statement-breakpoint
ALTER TABLE "main_programs" ADD COLUMN "week_price" integer DEFAULT 14900 NOT NULL;--> statement-breakpoint
ALTER TABLE "child_achievements" ADD CONSTRAINT "child_achievements_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "main_programs" ADD CONSTRAINT "main_programs_week_price_check" CHECK ("main_programs"."week_price" >= 0);