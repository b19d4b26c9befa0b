CREATE TABLE "user_memberships" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"premium_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_memberships_status_check" CHECK ("user_memberships"."status" in ('trial', 'active', 'grace', 'none'))
);
--> statement-breakpoint
ALTER TABLE "user_memberships" ADD CONSTRAINT "user_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;