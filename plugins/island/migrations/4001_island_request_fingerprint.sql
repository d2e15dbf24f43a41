-- Issue 25 item 6: a key is bound to the request it first carried (operator, document,
-- and for a verification the verifier's badge, as a SHA-256); the same key with another
-- request answers 409, never the first request's answer. Rows written before this have
-- no fingerprint and match nothing.
ALTER TABLE island_requests ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
