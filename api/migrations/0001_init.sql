-- The shop's tables. Ids are 24-hex strings (the shape the site's URLs and carts already use).

CREATE TABLE products (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  model text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  image jsonb NOT NULL DEFAULT '[]',
  price double precision NOT NULL DEFAULT 0,
  mrp double precision NOT NULL DEFAULT 0,
  category text NOT NULL DEFAULT '',
  sub_category text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  measuring_range text NOT NULL DEFAULT '',
  accuracy text NOT NULL DEFAULT '',
  software text NOT NULL DEFAULT '',
  business_type jsonb NOT NULL DEFAULT '[]',
  certification text NOT NULL DEFAULT '',
  delivery_time text NOT NULL DEFAULT '',
  specifications jsonb NOT NULL DEFAULT '[]',
  features jsonb NOT NULL DEFAULT '[]',
  -- What free-text search looks in, lower-cased once at write time.
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_company_category_idx ON products (company, category, created_at DESC);
CREATE INDEX products_category_idx ON products (category);
CREATE INDEX products_sub_category_idx ON products (sub_category);
CREATE INDEX products_created_at_idx ON products (created_at DESC, id);
CREATE INDEX products_price_idx ON products (price);

CREATE TABLE users (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_items (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);
CREATE INDEX cart_items_product_idx ON cart_items (product_id);

CREATE TABLE addresses (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL DEFAULT '',
  street text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  zipcode text NOT NULL,
  country text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses (user_id, created_at);

CREATE TABLE orders (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  items jsonb NOT NULL,
  address jsonb NOT NULL,
  amount double precision NOT NULL,
  delivery_fee double precision NOT NULL,
  status text NOT NULL,
  payment_method text NOT NULL,
  payment boolean NOT NULL DEFAULT false,
  -- The provider's order or session id (razorpay order_..., stripe cs_...).
  payment_ref text,
  payment_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE UNIQUE INDEX orders_payment_ref_idx ON orders (payment_ref) WHERE payment_ref IS NOT NULL;

-- Sandbox card sessions (only used when no Stripe key is configured).
CREATE TABLE sandbox_payment_sessions (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount double precision NOT NULL,
  currency text NOT NULL,
  return_origin text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE enquiries (
  id text PRIMARY KEY,
  product_id text NOT NULL DEFAULT '',
  product_name text NOT NULL DEFAULT '',
  email text NOT NULL,
  quantity integer NOT NULL,
  company_name text NOT NULL DEFAULT '',
  mobile_no text NOT NULL,
  country text NOT NULL,
  purpose text NOT NULL DEFAULT '',
  requirement_details text NOT NULL DEFAULT '',
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE job_openings (
  id text PRIMARY KEY,
  title text NOT NULL,
  location text NOT NULL,
  qualification text NOT NULL,
  description text NOT NULL,
  responsibilities jsonb NOT NULL DEFAULT '[]',
  requirements jsonb NOT NULL DEFAULT '[]',
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE job_applications (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  qualification text NOT NULL,
  position text NOT NULL,
  mobile text NOT NULL,
  message text NOT NULL,
  resume_file text NOT NULL,
  resume_original_name text NOT NULL,
  resume_type text NOT NULL,
  resume_bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE testimonials (
  id text PRIMARY KEY,
  name text NOT NULL,
  position text NOT NULL,
  content text NOT NULL,
  stars integer NOT NULL CHECK (stars BETWEEN 0 AND 5),
  video_url text NOT NULL DEFAULT '',
  image jsonb NOT NULL DEFAULT '[]',
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE news_items (
  id text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  category text NOT NULL,
  date date NOT NULL,
  time text NOT NULL DEFAULT '',
  location text NOT NULL DEFAULT '',
  image jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE load_failures (
  id bigserial PRIMARY KEY,
  remote text NOT NULL,
  version text NOT NULL DEFAULT '',
  kind text NOT NULL,
  message text NOT NULL,
  url text NOT NULL DEFAULT '',
  fallback_version text NOT NULL DEFAULT '',
  at timestamptz NOT NULL DEFAULT now()
);

-- Small key/value facts about the data (the catalogue version that caches key on).
CREATE TABLE meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
