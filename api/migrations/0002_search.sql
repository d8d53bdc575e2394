-- Search that ranks: weighted full text (name and model above company and categories, above the description)
-- and trigram similarity for typos ("calliper", "micrometre"). PGlite loads pg_trgm as an extension bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One name per category: the first catalogue spelt some two ways.
UPDATE products SET category = 'Height Gauge' WHERE category = 'Height Gauges';
UPDATE products SET category = 'Dial Indicators' WHERE category = 'Indicators';

ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, name || ' ' || model), 'A') ||
  setweight(to_tsvector('english'::regconfig, company || ' ' || category || ' ' || sub_category), 'B') ||
  setweight(to_tsvector('english'::regconfig, description), 'C')
) STORED;

-- What trigram similarity compares the words with: the name and model, lower-cased.
ALTER TABLE products ADD COLUMN search_title text GENERATED ALWAYS AS (lower(name || ' ' || model)) STORED;

CREATE INDEX products_search_vector_idx ON products USING gin (search_vector);
CREATE INDEX products_search_title_trgm_idx ON products USING gin (search_title gin_trgm_ops);
