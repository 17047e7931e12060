-- Module health while a canary runs (issue 27, decision 039): one row per module a page load ran ('view'), per
-- module that failed to load, and per uncaught or render error in a module, with the version and why the visitor
-- ran it. As web_vitals: nothing that identifies a visitor (no IP, user, agent or URL; the page is its route
-- pattern). Rows older than 28 days are deleted (repositories/module-events.ts).
CREATE TABLE module_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  module text NOT NULL CHECK (char_length(module) <= 40),
  version text NOT NULL CHECK (char_length(version) <= 40),
  role text NOT NULL CHECK (role IN ('live', 'canary', 'preview')),
  kind text NOT NULL CHECK (kind IN ('view', 'load-failure', 'error')),
  page text NOT NULL CHECK (char_length(page) <= 120)
);
CREATE INDEX module_events_module_idx ON module_events (module, recorded_at);
