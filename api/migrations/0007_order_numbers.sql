-- A readable order number for receipts and the orders list; the 24-hex id stays the key.
CREATE SEQUENCE order_number_seq START WITH 100001;
ALTER TABLE orders ADD COLUMN order_number bigint NOT NULL DEFAULT nextval('order_number_seq');
CREATE UNIQUE INDEX orders_order_number_idx ON orders (order_number);
