-- Module events from the shell (issue 27, decision 039): a view carries how long the module's code took to arrive,
-- and a developer's override (never in production, decision 038) is a role of its own, counted apart from live.
ALTER TABLE module_events DROP CONSTRAINT module_events_role_check;
ALTER TABLE module_events ADD CONSTRAINT module_events_role_check CHECK (role IN ('live', 'canary', 'preview', 'override'));
ALTER TABLE module_events ADD COLUMN load_ms integer CHECK (load_ms IS NULL OR (load_ms >= 0 AND load_ms <= 120000));
