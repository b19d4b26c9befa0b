CREATE TABLE "spaced_repetition_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"review_id" text NOT NULL,
	"vocabulary_id" integer NOT NULL,
	"difficulty_level" text NOT NULL,
	"rating" text NOT NULL,
	"state_before" text NOT NULL,
	"state_after" text NOT NULL,
	"interval_days" integer NOT NULL,
	"ease_factor" double precision NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"scheduler" text NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaced_repetition_seedings" (
	"user_id" text NOT NULL,
	"deck" text NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spaced_repetition_seedings_user_id_deck_pk" PRIMARY KEY("user_id","deck")
);
--> statement-breakpoint
CREATE TABLE "spaced_repetition_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"vocabulary_id" integer NOT NULL,
	"deck_name" text DEFAULT 'default' NOT NULL,
	"difficulty_level" text NOT NULL,
	"card_state" text DEFAULT 'new' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"ease_factor" double precision NOT NULL,
	"interval_days" integer DEFAULT 0 NOT NULL,
	"repetitions" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"learning_step" integer DEFAULT 0 NOT NULL,
	"last_reviewed_at" timestamp with time zone,
	"is_leech" boolean DEFAULT false NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"fsrs_stability" double precision,
	"fsrs_difficulty" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "srs_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"daily_new_cards" integer NOT NULL,
	"daily_review_cards" integer NOT NULL,
	"daily_time_target_minutes" integer NOT NULL,
	"learning_steps" jsonb NOT NULL,
	"relearning_steps" jsonb NOT NULL,
	"new_card_order" text NOT NULL,
	"review_order" text NOT NULL,
	"interleave_siblings" boolean NOT NULL,
	"leech_threshold" integer NOT NULL,
	"leech_action" text NOT NULL,
	"maximum_interval" integer NOT NULL,
	"starting_ease" double precision NOT NULL,
	"easy_bonus" double precision NOT NULL,
	"interval_modifier" double precision NOT NULL,
	"hard_interval" double precision NOT NULL,
	"scheduler" text NOT NULL,
	"request_retention" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spaced_repetition_reviews" ADD CONSTRAINT "spaced_repetition_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaced_repetition_seedings" ADD CONSTRAINT "spaced_repetition_seedings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaced_repetition_cards" ADD CONSTRAINT "spaced_repetition_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaced_repetition_cards" ADD CONSTRAINT "spaced_repetition_cards_vocabulary_id_vocabulary_id_fk" FOREIGN KEY ("vocabulary_id") REFERENCES "public"."vocabulary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srs_settings" ADD CONSTRAINT "srs_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spaced_repetition_reviews_review_id" ON "spaced_repetition_reviews" USING btree ("user_id","review_id");--> statement-breakpoint
CREATE INDEX "spaced_repetition_reviews_user_time" ON "spaced_repetition_reviews" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "spaced_repetition_reviews_user_word_time" ON "spaced_repetition_reviews" USING btree ("user_id","vocabulary_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spaced_repetition_cards_user_word" ON "spaced_repetition_cards" USING btree ("user_id","vocabulary_id");--> statement-breakpoint
CREATE INDEX "spaced_repetition_cards_due" ON "spaced_repetition_cards" USING btree ("user_id","due_at") WHERE "spaced_repetition_cards"."card_state" in ('review', 'relearning') and not "spaced_repetition_cards"."is_leech" and not "spaced_repetition_cards"."is_suspended";--> statement-breakpoint
CREATE INDEX "spaced_repetition_cards_new" ON "spaced_repetition_cards" USING btree ("user_id","created_at") WHERE "spaced_repetition_cards"."card_state" = 'new';--> statement-breakpoint
CREATE INDEX "spaced_repetition_cards_state" ON "spaced_repetition_cards" USING btree ("user_id","card_state","due_at");