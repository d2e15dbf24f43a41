-- SCIM provisioning's own facts about a user: the identity provider's externalId, and
-- whether it deactivated them (active: false), which SCIM alone may undo. A user disabled
-- otherwise (the console's delete, SCIM's DELETE) is gone for SCIM; the row stays.
CREATE TABLE scim_users (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    external_id TEXT,
    inactive BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX scim_users_external ON scim_users (external_id);
