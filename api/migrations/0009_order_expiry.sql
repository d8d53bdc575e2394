-- Issue 27: an order awaiting payment expires after ORDER_PAYMENT_EXPIRY_MINUTES (features/orders/order-expiry.ts).
-- The order is cancelled like any other; expired_at says the shop did it because nobody paid, so the desk can hide it.
ALTER TABLE orders ADD COLUMN expired_at timestamptz;

-- The sweep looks only at orders still awaiting payment, oldest first.
CREATE INDEX orders_awaiting_payment_idx ON orders (created_at) WHERE status = 'awaiting payment';
