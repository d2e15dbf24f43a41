-- Part numbers compare bytewise (the catalogue's prefix search), as SQLite's BINARY does.
ALTER TABLE parts ALTER COLUMN part_number TYPE TEXT COLLATE "C";
