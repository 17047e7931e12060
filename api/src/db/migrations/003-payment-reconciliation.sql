-- Payment outcomes come from PayPal (decision 011). A capture whose answer was lost is settled by asking PayPal, by
-- the request that meets it or by the background reconciler; money PayPal took beyond the balance is recorded and
-- flagged for a refund instead of being cancelled.

-- The part of a COMPLETED payment that exceeds what was due when PayPal took it (two orders captured for one
-- balance): owed back to the student, shown to the admin, and not counted toward the balance.
ALTER TABLE payments ADD COLUMN refund_due_cents integer NOT NULL DEFAULT 0
  CHECK (refund_due_cents >= 0 AND refund_due_cents <= amount_cents);
-- Set when a capture of this order was sent and its outcome is not known (timeout, dropped connection, 5xx):
-- no request is waiting for it any more, so PayPal must be asked.
ALTER TABLE payments ADD COLUMN capture_unknown_at timestamptz;
-- Set once a capture of this order was attempted; never cleared. A CANCELLED row with it is re-read from PayPal for
-- a while, in case a capture sent before the cancel lands afterwards.
ALTER TABLE payments ADD COLUMN capture_attempted_at timestamptz;
-- The reconciler's schedule and lease: a row is looked at again only once this time has passed, so several API
-- instances never work on the same row at once (rows are taken with FOR UPDATE SKIP LOCKED).
ALTER TABLE payments ADD COLUMN reconcile_after timestamptz;
CREATE INDEX payments_open_idx ON payments (status, reconcile_after) WHERE status IN ('CREATED', 'CANCELLED');
