/**
 * `@groundwork/local-backend/testing`: what a test needs to run the local backend, in the package's
 * own tests and in a project's: a backend per test file on a free port, on PostgreSQL with
 * SUPABASE_TEST_DB=postgres. Auth's and Realtime's client helpers are `/testing/auth` and
 * `/testing/realtime`; the seeded bad-input generators, which need no test runner, `/testing/fuzz`.
 */
export * from "./local-backend";
export * from "./postgres";
