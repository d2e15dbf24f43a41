-- The key of signed links and CSRF tokens when `server.secret` is not configured:
-- generated once at first start and kept with the plant's data, so it survives a restart
-- and every instance on this database shares it.
CREATE TABLE server_secret (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
