CREATE TABLE "content_imports" (
	"source" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" integer PRIMARY KEY NOT NULL,
	"title_de" text NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"title_kr" text,
	"preview_de" text,
	"preview_en" text,
	"content_de" text NOT NULL,
	"content_en" text,
	"content_es" text,
	"content_kr" text,
	"difficulty" text NOT NULL,
	"category" text NOT NULL,
	"word_count_de" integer NOT NULL,
	"word_count_en" integer NOT NULL,
	"reading_time_minutes" integer NOT NULL,
	"vocabulary_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"audio_url_de" text,
	"audio_url_de_2" text,
	"audio_url_en" text,
	"audio_url_es" text,
	"audio_url_kr" text,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"base_word" text NOT NULL,
	"translation_en" text NOT NULL,
	"translation_es" text NOT NULL,
	"translation_kr" text NOT NULL,
	"part_of_speech" text NOT NULL,
	"difficulty_level" text NOT NULL,
	"example_sentence" text NOT NULL,
	"gender" text,
	"plural" text,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary_forms" (
	"form" text NOT NULL,
	"position" smallint NOT NULL,
	"vocabulary_id" integer NOT NULL,
	"particle" text,
	CONSTRAINT "vocabulary_forms_form_position_pk" PRIMARY KEY("form","position")
);
--> statement-breakpoint
ALTER TABLE "vocabulary_forms" ADD CONSTRAINT "vocabulary_forms_vocabulary_id_vocabulary_id_fk" FOREIGN KEY ("vocabulary_id") REFERENCES "public"."vocabulary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_active_idx" ON "stories" USING btree ("is_active","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vocabulary_word_pos_idx" ON "vocabulary" USING btree ("word","part_of_speech");--> statement-breakpoint
CREATE INDEX "vocabulary_level_idx" ON "vocabulary" USING btree ("difficulty_level");