CREATE TABLE "user_known_words" (
	"user_id" text NOT NULL,
	"vocabulary_id" integer NOT NULL,
	"known_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_known_words_user_id_vocabulary_id_pk" PRIMARY KEY("user_id","vocabulary_id")
);
--> statement-breakpoint
ALTER TABLE "user_known_words" ADD CONSTRAINT "user_known_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_known_words" ADD CONSTRAINT "user_known_words_vocabulary_id_vocabulary_id_fk" FOREIGN KEY ("vocabulary_id") REFERENCES "public"."vocabulary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_known_words_vocabulary" ON "user_known_words" USING btree ("vocabulary_id");