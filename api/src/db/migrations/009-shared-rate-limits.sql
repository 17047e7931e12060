-- Request rate limits shared by every API instance (issue 17, decision 019): @fastify/rate-limit's counters
-- (the per-user order limit, the 404 brake, beacons, webhooks) live here instead of in each process, so two
-- instances do not double a limit. One row per limiter key, counted in a fixed window like the library's own
-- store; rows whose window ended are deleted now and then.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits > 0),
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_ends_at);
