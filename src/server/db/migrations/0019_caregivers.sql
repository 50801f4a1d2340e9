-- The grown-ups of a family besides its owner: a new table, which the release before this one never reads.
CREATE TABLE "family_caregivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"caregiver_id" integer,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "family_caregivers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "family_caregivers" ADD CONSTRAINT "family_caregivers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_caregivers" ADD CONSTRAINT "family_caregivers_caregiver_id_users_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_caregivers_owner_email_unique" ON "family_caregivers" USING btree ("owner_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "family_caregivers_caregiver_unique" ON "family_caregivers" USING btree ("caregiver_id");