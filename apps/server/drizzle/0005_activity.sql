CREATE TABLE "user_activity_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_activity_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_audio_listens" (
	"user_id" text NOT NULL,
	"audio_key" text NOT NULL,
	"first_listened_at" timestamp with time zone NOT NULL,
	"plays" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_audio_listens_user_id_audio_key_pk" PRIMARY KEY("user_id","audio_key")
);
--> statement-breakpoint
CREATE TABLE "user_bookmarks" (
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"bookmarked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_bookmarks_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "user_quiz_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"game_mode" text NOT NULL,
	"score" integer NOT NULL,
	"played_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_vocabulary" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"vocabulary_id" integer NOT NULL,
	"story_id" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reviewed" timestamp with time zone,
	"review_count" integer DEFAULT 0 NOT NULL,
	"mastery_level" smallint DEFAULT 0 NOT NULL,
	"difficulty_rating" smallint,
	"notes" text,
	"context_sentence" text
);
--> statement-breakpoint
CREATE TABLE "user_story_completion" (
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_story_completion_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_audio_listens" ADD CONSTRAINT "user_audio_listens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bookmarks" ADD CONSTRAINT "user_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bookmarks" ADD CONSTRAINT "user_bookmarks_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quiz_scores" ADD CONSTRAINT "user_quiz_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vocabulary" ADD CONSTRAINT "user_vocabulary_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vocabulary" ADD CONSTRAINT "user_vocabulary_vocabulary_id_vocabulary_id_fk" FOREIGN KEY ("vocabulary_id") REFERENCES "public"."vocabulary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vocabulary" ADD CONSTRAINT "user_vocabulary_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_story_completion" ADD CONSTRAINT "user_story_completion_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_story_completion" ADD CONSTRAINT "user_story_completion_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_audio_listens_updated" ON "user_audio_listens" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "user_quiz_scores_user" ON "user_quiz_scores" USING btree ("user_id","game_mode","score");--> statement-breakpoint
CREATE UNIQUE INDEX "user_vocabulary_user_word" ON "user_vocabulary" USING btree ("user_id","vocabulary_id");