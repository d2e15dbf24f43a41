-- Issue 27: a personal event's notification points at its mail, rendered by the act and
-- written to the mail outbox in the act's transaction (the mail task sends that row).
ALTER TABLE notifications ADD COLUMN mail_outbox_id TEXT;
