CREATE TABLE "community_revision" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_revision_one_row" CHECK ("community_revision"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "community_story_firsts" (
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_story_firsts_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "shared_collection_reports" (
	"collection_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_collection_reports_collection_id_user_id_pk" PRIMARY KEY("collection_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shared_collection_uses" (
	"collection_id" text NOT NULL,
	"user_id" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_collection_uses_collection_id_user_id_pk" PRIMARY KEY("collection_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shared_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"content" jsonb NOT NULL,
	"is_public" boolean NOT NULL,
	"level" text NOT NULL,
	"word_count" smallint NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_quiz_scores" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "community_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "community_public_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_story_firsts" ADD CONSTRAINT "community_story_firsts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_collection_reports" ADD CONSTRAINT "shared_collection_reports_collection_id_shared_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."shared_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_collection_reports" ADD CONSTRAINT "shared_collection_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_collection_uses" ADD CONSTRAINT "shared_collection_uses_collection_id_shared_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."shared_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_collection_uses" ADD CONSTRAINT "shared_collection_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_collections" ADD CONSTRAINT "shared_collections_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_story_firsts_user_time" ON "community_story_firsts" USING btree ("user_id","first_at");--> statement-breakpoint
CREATE INDEX "shared_collections_creator" ON "shared_collections" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "shared_collections_listed" ON "shared_collections" USING btree ("created_at") WHERE "shared_collections"."is_public" and "shared_collections"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "user_quiz_scores_user_received" ON "user_quiz_scores" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "spaced_repetition_reviews_user_received" ON "spaced_repetition_reviews" USING btree ("user_id","received_at");--> statement-breakpoint
-- Written by hand below (drizzle-kit generates tables, not data or triggers).
-- Games recorded before this migration count on the day they were played (never later than now).
UPDATE "user_quiz_scores" SET "received_at" = LEAST("played_at", "received_at");--> statement-breakpoint
-- Stories read before this migration keep the day they were recorded.
INSERT INTO "community_story_firsts" ("user_id", "story_id", "first_at")
  SELECT "user_id", "story_id", LEAST("completed_at", now()) FROM "user_story_completion"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "community_revision" ("id", "revision") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every path that records a read story (REST, sync queue, a guest's list at sign-in) inserts
-- into user_story_completion: the first time counts, at the server's clock, and stays.
CREATE OR REPLACE FUNCTION "community_record_story_first"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "community_story_firsts" ("user_id", "story_id", "first_at")
    VALUES (NEW."user_id", NEW."story_id", now())
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_story_completion_community_first" AFTER INSERT ON "user_story_completion"
  FOR EACH ROW EXECUTE FUNCTION "community_record_story_first"();--> statement-breakpoint
-- The boards' caches are checked against this revision on every request: whatever changes who
-- is shown or how (opting in or out, nickname, avatar, level, a removed account) bumps it.
CREATE OR REPLACE FUNCTION "community_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "community_revision" SET "revision" = "revision" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_community_revision" AFTER UPDATE OF "community_public", "avatar_url", "user_level" ON "profiles"
  FOR EACH ROW
  WHEN ((OLD."community_public" OR NEW."community_public")
    AND (OLD."community_public", OLD."avatar_url", OLD."user_level") IS DISTINCT FROM (NEW."community_public", NEW."avatar_url", NEW."user_level"))
  EXECUTE FUNCTION "community_bump_revision"();--> statement-breakpoint
-- A removed account deletes its profile through the foreign key: this fires for that too.
CREATE TRIGGER "profiles_community_revision_delete" AFTER DELETE ON "profiles"
  FOR EACH ROW WHEN (OLD."community_public")
  EXECUTE FUNCTION "community_bump_revision"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "community_bump_revision_if_public"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "profiles" WHERE "user_id" = NEW."id" AND "community_public") THEN
    UPDATE "community_revision" SET "revision" = "revision" + 1, "changed_at" = now() WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_community_revision" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "community_bump_revision_if_public"();
