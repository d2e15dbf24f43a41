//! Turns this package's `plantdoc-<id>` dependencies (the one list of linked modules)
//! into `pub use plantdoc_<id>;` lines for src/lib.rs.
use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=Cargo.toml");
    let text = std::fs::read_to_string("Cargo.toml").expect("Cargo.toml");
    let doc: toml::Table = text.parse().expect("Cargo.toml parses");
    let deps = doc.get("dependencies").and_then(|d| d.as_table()).expect("[dependencies]");
    let mut out = String::new();
    for name in deps.keys().filter(|n| n.starts_with("plantdoc-") && *n != "plantdoc-core") {
        writeln!(out, "pub use {};", name.replace('-', "_")).unwrap();
    }
    let path = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("modules.rs");
    std::fs::write(path, out).expect("write modules.rs");
}
