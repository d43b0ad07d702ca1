-- The client (a digest of its address, as the program counts clicks by) whose followed link an order's
-- referral comes from: the program attributes the order to the link only when that click was counted.
ALTER TABLE orders ADD COLUMN referral_client_key text;
