ALTER TABLE "users" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', translate(lower("name" || ' ' || "email" || ' ' || "uid"), '@.+_-''', '      '))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree (lower("name"),"id");