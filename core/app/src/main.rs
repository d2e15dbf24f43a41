//! The `plantdoc` binary. This is the one place that names the module crates: linking
//! them is what registers them (a crate nobody names is dropped by the linker). The
//! core library itself never names a module.
use std::process::ExitCode;

use plantdoc_alerts as _;
use plantdoc_dashboard as _;
use plantdoc_island as _;
use plantdoc_kanban as _;
use plantdoc_signoff as _;
use plantdoc_swp as _;
use plantdoc_training as _;
use plantdoc_users as _;

fn main() -> ExitCode {
    plantdoc_core::cli::main()
}
