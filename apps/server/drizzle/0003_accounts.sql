CREATE TABLE "email_requests" (
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "native_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "target_language" text DEFAULT 'de' NOT NULL;--> statement-breakpoint
CREATE INDEX "email_requests_lookup_idx" ON "email_requests" USING btree ("email","kind","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_name_lower_idx" ON "users" USING btree (lower("name"));