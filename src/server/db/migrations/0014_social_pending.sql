CREATE TABLE "social_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"email" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"avatar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_signups_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "social_signups_expires_at_idx" ON "social_signups" USING btree ("expires_at");