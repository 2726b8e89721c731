-- The activity log is append-only in the database too: no role the API or the CLI connects as can
-- change or remove an entry, whatever a future route or a mistaken query tries. (TRUNCATE, which
-- only a database owner's maintenance runs, is not a row change and is not refused.)
CREATE FUNCTION activity_entries_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity entries cannot be changed or deleted (the log is append-only)'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activity_entries_append_only
  BEFORE UPDATE OR DELETE ON activity_entries
  FOR EACH ROW EXECUTE FUNCTION activity_entries_refuse_change();
