-- Work a notification asked for is done (a review stage judged, a document withdrawn): its
-- events are found by what they are about (notify::settle), not by scanning every event.
CREATE INDEX events_subject ON events (subject, kind);
