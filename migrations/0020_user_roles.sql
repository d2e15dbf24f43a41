-- Issue 25 (docs/users.md item 2, docs/island.md item 1): plant-wide administration is a plant
-- administrator's (set by the CLI), not every manager's; the badge lookups are for kiosk
-- accounts (a flag), not any operator with a password. Existing kiosk netbooks are the
-- operator accounts without a badge (a person at the kiosk is identified by a badge; a
-- netbook has none).
ALTER TABLE users ADD COLUMN plant_admin BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN kiosk BIGINT NOT NULL DEFAULT 0;
UPDATE users SET kiosk = 1 WHERE position = 'operator' AND badge IS NULL;
