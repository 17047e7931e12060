-- Refunds made at PayPal (issue 18's gap, decision 020): a refund made in PayPal's dashboard reaches us as a
-- PAYMENT.CAPTURE.REFUNDED webhook about the refund, which names the capture, not always the order. Payments are
-- found by their capture id, once per event and per admin refund, so that lookup gets an index.
CREATE INDEX payments_capture_idx ON payments (paypal_capture_id) WHERE paypal_capture_id IS NOT NULL;
