-- Issue 29 item 3: a language per person ('en', 'es', 'pl'; `[i18n] languages`). People
-- who were here before languages existed saw English: their rows get 'en'. New rows are
-- given a language on insert (the request's, else `[i18n] default`).
ALTER TABLE users ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
