//! API tests of the changes module, compiled into the app's API test binary
//! (core/app/build.rs) on the shared kit (`crate::helpers`): the real app on SQLite or
//! PostgreSQL (`PLANTDOC_TEST_DB`), signed-in users.
mod effective;
mod floor;
mod offline;
mod requests;
mod reviews;
