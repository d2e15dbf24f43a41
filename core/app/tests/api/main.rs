//! API tests: each spawns the real app on a free port with its own fresh database
//! (SQLite file, or a new PostgreSQL database when PLANTDOC_TEST_DB=postgres) and blob
//! folder. One test binary, so it links once.
mod helpers;

mod acks;
mod audit;
mod auth;
mod cli;
mod dynamic;
mod faults;
mod hardening;
mod hostile;
mod lockout;
mod limits;
mod http;
mod matrix;
mod pdf_bombs;
mod mail;
mod readers;
mod modules;
mod storage;
mod switches;
mod tasks;

// One folder per module: core/app/tests/api/<module>/.
mod swp;
mod alerts;
mod island;
mod training;
mod users;
mod ops;
