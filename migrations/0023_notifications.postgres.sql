-- Issue 27: events told inside the act's transaction (the outbox), the notifications
-- they make for their recipients (the bell; mail claimed by a task), and each person's
-- choice per event kind. `seq` orders the events: live pages resume after the last one
-- they saw (Last-Event-ID). PostgreSQL variant: a BIGSERIAL.
CREATE TABLE events (
    seq BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    company_code TEXT NOT NULL,
    zones TEXT NOT NULL DEFAULT '[]',
    subject TEXT NOT NULL,
    actor_id TEXT,
    data TEXT NOT NULL DEFAULT 'null',
    created_at BIGINT NOT NULL
);
CREATE INDEX events_created ON events (created_at);

-- mail_state: none (bell only), due (one mail, at mail_next_at), digest (waits for the
-- daily digest), sending (claimed by mail_claim until mail_claimed_until), sent, failed.
CREATE TABLE notifications (
    id TEXT PRIMARY KEY,
    event_seq BIGINT NOT NULL REFERENCES events (seq) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    channel TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    read_at BIGINT,
    mail_state TEXT NOT NULL,
    mail_attempts BIGINT NOT NULL DEFAULT 0,
    mail_next_at BIGINT,
    mail_claim TEXT,
    mail_claimed_until BIGINT,
    mail_sent_at BIGINT,
    UNIQUE (event_seq, user_id)
);
CREATE INDEX notifications_user ON notifications (user_id, created_at);
CREATE INDEX notifications_mail ON notifications (mail_state, mail_next_at);

CREATE TABLE notification_prefs (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    channel TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
);
