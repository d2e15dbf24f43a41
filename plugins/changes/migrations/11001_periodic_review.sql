-- Periodic review (Change Control): each deployed SWP and alert has a review date, set at
-- its deploy from `[modules.changes] review_every_months`, moved by a signed 'keep'
-- verdict, ended when it leaves the floor (superseded, removed, sunset). Portable SQL.
CREATE TABLE change_reviews (
    doc_id TEXT PRIMARY KEY,
    doc_kind TEXT NOT NULL,
    company_code TEXT NOT NULL,
    part_number TEXT NOT NULL,
    -- how texts name it: "SWP 7101-0001 revision 2", "alert C-2026-0001"
    title TEXT NOT NULL,
    zones TEXT NOT NULL,
    -- JSON list of its authors' ids (uploader, on behalf of): they sign its verdicts
    owners TEXT NOT NULL,
    deployed_at BIGINT NOT NULL,
    due_at BIGINT NOT NULL,
    reviewed_at BIGINT,
    verdict TEXT,
    reviewer TEXT,
    note TEXT,
    notice_at BIGINT,
    overdue_at BIGINT,
    ended_at BIGINT,
    -- an alert's sunset: its review ends with it
    ends_at BIGINT
);
CREATE INDEX change_reviews_due ON change_reviews (company_code, ended_at, due_at);
CREATE INDEX change_reviews_part ON change_reviews (company_code, doc_kind, part_number);
