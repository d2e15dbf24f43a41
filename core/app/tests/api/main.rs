//! API tests: each spawns the real app on a free port with its own fresh database
//! (SQLite file, or a new PostgreSQL database when PLANTDOC_TEST_DB=postgres) and blob
//! folder. One test binary, so it links once. `helpers` (its `people`: a new user, added,
//! signed in; and `matrix`, for authorization
//! tables) is the test kit every module's tests use (docs/modules.md, "Tests").
mod helpers;

mod acks;
mod audit;
mod auth;
mod cli;
mod cli_roster;
mod cli_users;
mod connections;
mod dynamic;
mod faults;
mod hardening;
mod hostile;
mod http;
mod in_force;
mod limits;
mod lockout;
mod mail;
mod matrix;
mod memory;
mod metrics;
mod modules;
mod oidc;
mod ops;
mod pdf_bombs;
mod readers;
mod sessions;
mod storage;
mod streams;
mod switches;
mod tasks;
mod tokens;
mod webhooks;

// Each linked module's own tests, `plugins/<id>/tests/api/mod.rs`, as `mod <id>;`
// (core/app/build.rs writes the lines from the module list in core/app/Cargo.toml).
include!(concat!(env!("OUT_DIR"), "/module_tests.rs"));
