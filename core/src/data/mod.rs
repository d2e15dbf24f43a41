//! The database and what is kept from it: the pool and its held readers, migrations,
//! change counters and kept answers, the audit chain, the stored signing key and the
//! mail outbox. Stands on `base` only.
pub mod answers;
pub mod audit;
pub mod changes;
pub mod db;
pub mod mail;
pub mod migrate;
mod readers;
pub mod secret;
