-- A temporary worker (agency, seasonal): the training module caps their level
-- (`modules.training.temporary_max_level`). Everyone here before is permanent.
ALTER TABLE users ADD COLUMN temporary BIGINT NOT NULL DEFAULT 0;
