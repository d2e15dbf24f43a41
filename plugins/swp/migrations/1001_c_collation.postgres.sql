-- Part numbers and names compare bytewise on both databases: SQLite's BINARY collation
-- does, PostgreSQL's default (e.g. en_US) ignores punctuation, which would break the
-- part-number prefix range and make the two databases sort differently.
ALTER TABLE swps ALTER COLUMN part_number TYPE TEXT COLLATE "C";
ALTER TABLE swps ALTER COLUMN owner_firstname TYPE TEXT COLLATE "C";
ALTER TABLE swps ALTER COLUMN on_behalf_name TYPE TEXT COLLATE "C";
ALTER TABLE swp_parts ALTER COLUMN part_number TYPE TEXT COLLATE "C";
