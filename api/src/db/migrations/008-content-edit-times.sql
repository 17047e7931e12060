-- Blog posts and gallery images become editable (issue 19): each records when it last changed, for the sitemap's
-- lastmod. Existing rows last changed when they were created.
ALTER TABLE blogs ADD COLUMN updated_at timestamptz;
UPDATE blogs SET updated_at = created_at;
ALTER TABLE blogs ALTER COLUMN updated_at SET NOT NULL, ALTER COLUMN updated_at SET DEFAULT now();

ALTER TABLE gallery_images ADD COLUMN updated_at timestamptz;
UPDATE gallery_images SET updated_at = created_at;
ALTER TABLE gallery_images ALTER COLUMN updated_at SET NOT NULL, ALTER COLUMN updated_at SET DEFAULT now();

-- The admin's user list sorts and pages by these.
CREATE INDEX users_created_idx ON users (created_at DESC, id);
