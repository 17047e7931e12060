-- The admin's payments list at volume (issue 25, decision 029): a page picks its rows along an index of the order
-- asked for, and a search finds payments through the payer, the program or the order id, each by its own index.
CREATE INDEX payments_created_id_idx ON payments (created_at, id);
CREATE INDEX payments_amount_idx ON payments (amount_cents, id);
CREATE INDEX payments_status_created_idx ON payments (status, created_at, id);
CREATE INDEX payments_program_idx ON payments (program_id);
CREATE INDEX payments_order_words_idx ON payments USING gin (paypal_order_id public.gin_trgm_ops);
-- A deleted program's payments keep its title; only those are searched by the stored title.
CREATE INDEX payments_title_words_idx ON payments USING gin (program_title public.gin_trgm_ops) WHERE program_id IS NULL;
CREATE INDEX programs_title_words_idx ON programs USING gin (title public.gin_trgm_ops);
-- The catalog's categories, found by a loose index scan (one probe per name) rather than reading every course.
CREATE INDEX programs_kind_category_name_idx ON programs (kind, category);
-- A page's running balances: the payments of one student and program up to a row, deleted ones as the nil uuid.
CREATE INDEX payments_balance_idx ON payments (
  coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid),
  coalesce(program_id, '00000000-0000-0000-0000-000000000000'::uuid), created_at, id);
