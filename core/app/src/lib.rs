//! The module crates this binary links, from the one list in this package's Cargo.toml
//! (build.rs writes the lines). Linking a module crate is what registers it: a crate
//! nobody names is dropped by the linker. main.rs and the API tests name this library.
include!(concat!(env!("OUT_DIR"), "/modules.rs"));
