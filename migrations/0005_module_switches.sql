-- Module switches set at run time (Settings → Modules): they override the config's
-- `modules.<id>.enabled` until changed again. Config stays the default at start.
CREATE TABLE module_switches (
    module TEXT PRIMARY KEY,
    enabled BIGINT NOT NULL,
    changed_at BIGINT NOT NULL,
    changed_by TEXT NOT NULL
);
