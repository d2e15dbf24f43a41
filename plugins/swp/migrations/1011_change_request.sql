-- The change request a revision was submitted under (change control, when on): its
-- number as the company knows it ("CR-2026-0001"); NULL for one submitted without.
ALTER TABLE swps ADD COLUMN change_request TEXT;
