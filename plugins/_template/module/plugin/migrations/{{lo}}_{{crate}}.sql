-- The {{id}} module's items: one company's list.
CREATE TABLE {{crate}}_items (
    id TEXT PRIMARY KEY,
    company_code TEXT NOT NULL,
    title TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX {{crate}}_items_company ON {{crate}}_items (company_code, created_at);
