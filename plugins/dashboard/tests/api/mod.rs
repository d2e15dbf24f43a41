//! API tests of the dashboard module, compiled into the app's API test binary
//! (core/app/build.rs): the real app on SQLite or PostgreSQL (`PLANTDOC_TEST_DB`).
mod figures;
