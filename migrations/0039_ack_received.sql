-- Issue 50: a signature made at the kiosk during a network outage keeps the kiosk's time
-- as its signing time (signed_at, verified_at: contemporaneous) and the time the server
-- received it on sync (received_at for the read, verify_received_at for the
-- verification); both null for a signature made online.
ALTER TABLE acknowledgements ADD COLUMN received_at BIGINT;
ALTER TABLE acknowledgements ADD COLUMN verify_received_at BIGINT;
