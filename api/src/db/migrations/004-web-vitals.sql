-- Field data (issue 12, decision 013): one row per Web Vitals measurement a sampled page load reported.
-- Deliberately nothing that identifies a visitor: no IP, no user id, no user agent, no full URL (the page is the
-- route pattern, e.g. /courses/:id). Rows older than 28 days are deleted (repositories/vitals.ts).
CREATE TABLE web_vitals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  metric text NOT NULL CHECK (metric IN ('LCP', 'CLS', 'INP', 'FCP', 'TTFB')),
  -- Milliseconds, except CLS (unitless).
  value double precision NOT NULL CHECK (value >= 0),
  page text NOT NULL CHECK (char_length(page) <= 120),
  navigation_type text NOT NULL,
  device text NOT NULL CHECK (device IN ('mobile', 'desktop')),
  -- Module name -> version of the modules the page ran, e.g. {"shell": "0.1.0", "mf_catalog": "0.1.2"}.
  versions jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX web_vitals_recorded_idx ON web_vitals (recorded_at);
