-- Trigram indexes back the substring searches of every list (ILIKE '%...%').
CREATE EXTENSION IF NOT EXISTS pg_trgm;
