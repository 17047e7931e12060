-- Receipts (issue 18, decision 020). A payment becomes COMPLETED on several paths (the buttons' capture, the
-- redirect return, the browser-made order's verify, the webhook, the reconciler); this trigger gives every one of
-- them its receipt in the very statement that completes it: a number from the year's counter and a receipt email
-- in the outbox. A rollback takes both back; a replay finds the number already set and does nothing, so a receipt
-- is never lost and never doubled. The email is rendered when it is sent, from the payment (outbox worker).
CREATE FUNCTION payments_issue_receipt() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  receipt_year integer;
  next_number integer;
BEGIN
  IF NEW.status = 'COMPLETED' AND NEW.receipt_number IS NULL THEN
    receipt_year := extract(year FROM (coalesce(NEW.completed_at, now()) AT TIME ZONE 'UTC'))::integer;
    -- The upsert locks the year's row until this transaction ends: concurrent completions queue for the next number.
    INSERT INTO receipt_counters (year, last_number) VALUES (receipt_year, 1)
      ON CONFLICT (year) DO UPDATE SET last_number = receipt_counters.last_number + 1
      RETURNING last_number INTO next_number;
    NEW.receipt_number := receipt_year::text || '-' || lpad(next_number::text, 6, '0');
    INSERT INTO email_outbox (id, dedupe_key, kind, to_email, template_params)
      SELECT gen_random_uuid(), 'receipt:' || NEW.id::text, 'receipt', u.email, jsonb_build_object('paymentId', NEW.id)
      FROM users u WHERE u.id = NEW.user_id
      ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER payments_issue_receipt BEFORE INSERT OR UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_issue_receipt();
