-- The planner's cost of a random page (issue 17). The portal's tables are read from memory or
-- SSD, where a random page costs about a sequential one; with PostgreSQL's default of 4 the
-- planner scans whole tables instead of using the trigram indexes of the searches. Until now
-- each connection asked for it at start-up (a connection option), which a pooler such as
-- PgBouncer refuses; kept in the database, every new connection has it, through any pooler.
-- Only the database's owner (or a superuser) may set it: another user is told, and the
-- operator can run the ALTER DATABASE below themselves (docs/operations.md).
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'random_page_cost não foi ajustado: o usuário do portal não é dono do banco %. Rode: ALTER DATABASE % SET random_page_cost = 1.1', current_database(), current_database();
END $$;
