//! Running a plant from the command line: the CLI, backup and restore, storage checks
//! and the demo seed; and the prelude, what a module may use of the core (it names every
//! folder). The top of the crate: stands on `app` and everything below it.
pub mod backup;
pub mod cli;
pub mod ops_cli;
pub mod prelude;
pub mod roster;
pub mod seed;
