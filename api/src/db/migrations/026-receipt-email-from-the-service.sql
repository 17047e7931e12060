-- Receipts (decision 053): the trigger of migration 007 keeps only the numbering. The receipt email is now queued by
-- the code that completes a payment (the "payment completed" event, in the same transaction, dedupe key
-- 'receipt:' || payment id), where every other email of the product is queued. The number stays here: it is taken
-- from the year's counter in the very statement that completes the payment, under that counter's row lock, so every
-- way a row becomes COMPLETED is numbered once and concurrent completions get consecutive, distinct numbers.
CREATE OR REPLACE FUNCTION payments_issue_receipt() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END IF;
  RETURN NEW;
END
$$;
