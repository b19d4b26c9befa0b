DROP INDEX "user_quiz_scores_user";--> statement-breakpoint
ALTER TABLE "user_quiz_scores" ADD COLUMN "study_mode" text DEFAULT 'vocabulary' NOT NULL;--> statement-breakpoint
CREATE INDEX "user_quiz_scores_user" ON "user_quiz_scores" USING btree ("user_id","study_mode","game_mode","score");