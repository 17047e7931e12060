-- Public and admin lists page, filter, sort and search in SQL (issue 25, decision 029). Every order a list offers
-- has an index that reads it in that order, with the id last so keyset pages never overlap; searches for words
-- inside a text use trigram indexes, the header's "title starts with" a pattern index.
-- The extension lives in public whatever the search path (tests give each file a schema of its own, and dropping
-- one must not drop the extension the others use), so its operator class is named with that schema.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- A free-text duration ("16 weeks", "1 weekend", "3 months") in days, as the catalog sorts it; text without a
-- unit sorts last (Infinity). The same reading as the site's durationInDays.
CREATE FUNCTION duration_days(duration text) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT CASE WHEN m IS NULL THEN 'Infinity'::double precision
    ELSE coalesce(m[1]::double precision, 1) * CASE lower(m[2])
      WHEN 'day' THEN 1 WHEN 'weekend' THEN 2 WHEN 'week' THEN 7 WHEN 'month' THEN 30 ELSE 365 END
    END
  FROM (SELECT regexp_match(duration, '(\d+(?:\.\d+)?)?\s*(day|weekend|week|month|year)s?\M', 'i') AS m) AS found
$$;

-- Courses and quick programs: the list's orders, the category filter, word search and the header's prefix search.
CREATE INDEX programs_kind_name_idx ON programs (kind, lower(title), id);
CREATE INDEX programs_kind_price_idx ON programs (kind, price_cents, lower(title), id);
CREATE INDEX programs_kind_price_desc_idx ON programs (kind, (-price_cents), lower(title), id);
CREATE INDEX programs_kind_duration_idx ON programs (kind, duration_days(duration), lower(title), id);
CREATE INDEX programs_kind_featured_idx ON programs (kind, (NOT featured), created_at, id);
CREATE INDEX programs_kind_category_idx ON programs (kind, lower(category), created_at, id);
CREATE INDEX programs_title_prefix_idx ON programs (kind, lower(title) text_pattern_ops);
CREATE INDEX programs_words_idx ON programs USING gin ((lower(title || ' ' || coalesce(category, ''))) public.gin_trgm_ops);

-- Blog posts and gallery images page newest first (both columns descending, which a forward index reads backwards).
CREATE INDEX blogs_created_id_idx ON blogs (created_at, id);
CREATE INDEX blogs_category_idx ON blogs (lower(category), created_at, id);
CREATE INDEX blogs_words_idx ON blogs USING gin ((lower(title || ' ' || author || ' ' || category)) public.gin_trgm_ops);
CREATE INDEX gallery_created_id_idx ON gallery_images (created_at, id);

-- The admin's users list: its orders, its role filter and its search inside usernames and emails.
CREATE INDEX users_username_order_idx ON users (lower(username), id);
CREATE INDEX users_email_order_idx ON users (lower(email), id);
CREATE INDEX users_role_created_idx ON users (role, created_at, id);
CREATE INDEX users_username_words_idx ON users USING gin (username public.gin_trgm_ops);
CREATE INDEX users_email_words_idx ON users USING gin (email public.gin_trgm_ops);
