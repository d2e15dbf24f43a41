-- Background work runs once across instances: a tick runs only on the instance that
-- holds the task's unexpired lease (see core/src/tasks.rs and docs/operations.md).
CREATE TABLE task_leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
