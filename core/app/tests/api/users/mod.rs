//! API tests of the users module: the admin calls, field errors, soft delete, sessions
//! ended, audit, and the manager-only matrix.
mod admin;
mod authz;
mod kiosk;
