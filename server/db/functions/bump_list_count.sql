-- Adds to one list counter, creating it at the first change, so a list's total is read instead of counted.
CREATE OR REPLACE FUNCTION bump_list_count(list_name text, scope_id uuid, bucket_name text, delta int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO list_counts AS c (list, scope, bucket, n) VALUES (list_name, scope_id, bucket_name, delta)
  ON CONFLICT (list, scope, bucket) DO UPDATE SET n = c.n + excluded.n
$$;
