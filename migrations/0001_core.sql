-- Core tables: users, sessions, password resets, mail outbox, files, parts.
-- Portable SQL (SQLite and PostgreSQL): TEXT ids, BIGINT flags and ms timestamps.
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    position TEXT NOT NULL,
    department TEXT NOT NULL,
    company_code TEXT NOT NULL,
    zones TEXT NOT NULL DEFAULT '[]',
    badge TEXT UNIQUE,
    op_no TEXT,
    must_change_password BIGINT NOT NULL DEFAULT 0,
    temp_password_expires BIGINT,
    failed_logins BIGINT NOT NULL DEFAULT 0,
    locked_until BIGINT,
    disabled BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX users_company ON users (company_code);

CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf TEXT NOT NULL,
    restricted BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    last_seen BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);

CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT,
    error TEXT
);

CREATE TABLE files (
    id TEXT PRIMARY KEY,
    storage_key TEXT NOT NULL UNIQUE,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL,
    sha256 TEXT NOT NULL,
    owner_id TEXT,
    module TEXT NOT NULL,
    state TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX files_state ON files (state, created_at);

CREATE TABLE parts (
    id TEXT PRIMARY KEY,
    part_number TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    company_code TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (company_code, part_number)
);
