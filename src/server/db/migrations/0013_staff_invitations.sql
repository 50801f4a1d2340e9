-- Invitations that bring a member of staff into the back office with a second factor of their own: one per
-- account (inviting again replaces the link), only the link's SHA-256 kept. A new table: the release
-- before this one never reads it.
CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"totp_secret" text,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."role" in ('admin', 'editor', 'support'))
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A secret handed out before this release to whoever knew a staff password, and never confirmed, must not
-- become anyone's factor: the first administrator gets a fresh one on the enrolment that now needs the
-- server's machine or its start-up code. The release before this one makes a new secret where it finds none.
UPDATE "users" SET "totp_secret" = NULL WHERE "totp_enabled_at" IS NULL AND "totp_secret" IS NOT NULL;
