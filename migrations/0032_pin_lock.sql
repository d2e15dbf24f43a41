-- Signature PINs lock after wrong tries (security decision 92): `misses` counts the tries
-- since the last right PIN, each taken before the PIN is hashed so parallel guesses are
-- all counted, on every instance; `locked_at` is set at the fifth miss and cleared only by
-- a new PIN. A session's `provider_sign_in_at`: when its single sign-on was a fresh
-- sign-in at the provider (prompt=login), which lets an account without a password set
-- its PIN for a few minutes.
ALTER TABLE user_pins ADD COLUMN misses BIGINT NOT NULL DEFAULT 0;
ALTER TABLE user_pins ADD COLUMN locked_at BIGINT;
ALTER TABLE sessions ADD COLUMN provider_sign_in_at BIGINT;
