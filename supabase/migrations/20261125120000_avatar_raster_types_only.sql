-- Avatars take raster pictures only (PNG, JPEG, WebP, GIF): an SVG can carry script, and a public
-- bucket would serve it to anyone. A project whose bucket was made with image/* gets the same
-- list that supabase/config.toml declares; one without the bucket yet is left alone.
update storage.buckets
  set allowed_mime_types = array['image/png', 'image/jpeg', 'image/webp', 'image/gif']
  where id = 'avatars';
