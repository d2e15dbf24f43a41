//! The `plantdoc` binary: the core's command line, with every module of `plantdoc` (the
//! library beside this file) linked. The core library itself never names a module.
use std::process::ExitCode;

use plantdoc as _;

fn main() -> ExitCode {
    plantdoc_core::cli::main()
}
