-- Operations past one machine (issue 15).

-- Rate-limit counters shared by every API process on this database (plugins/rate-limit-store.ts).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends timestamptz NOT NULL
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_ends);

-- Order placement with an Idempotency-Key header: a retried request (a balancer retrying on another instance,
-- a client retrying after a timeout) answers the order it already placed instead of placing another.
ALTER TABLE orders ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX orders_idempotency_idx ON orders (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
