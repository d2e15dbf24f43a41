//! From this package's `plantdoc-<id>` dependencies (the one list of linked modules):
//! - `modules.rs`: `pub use plantdoc_<id>;` lines for src/lib.rs (linking registers);
//! - `module_tests.rs`: for each linked module with `tests/api/mod.rs` in its folder, a
//!   `#[path] mod <id>;` line, included by tests/api/main.rs: a module's API tests live
//!   in its own folder and run in the one API test binary, on the shared kit.
use std::fmt::Write;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=Cargo.toml");
    let text = std::fs::read_to_string("Cargo.toml").expect("Cargo.toml");
    let doc: toml::Table = text.parse().expect("Cargo.toml parses");
    let deps = doc.get("dependencies").and_then(|d| d.as_table()).expect("[dependencies]");
    let here = std::env::var("CARGO_MANIFEST_DIR").unwrap();
    let mut uses = String::new();
    let mut tests = String::new();
    for (name, dep) in
        deps.iter().filter(|(n, _)| n.starts_with("plantdoc-") && *n != "plantdoc-core")
    {
        writeln!(uses, "pub use {};", name.replace('-', "_")).unwrap();
        let Some(path) = dep.get("path").and_then(|p| p.as_str()) else { continue };
        let dir = Path::new(&here)
            .join(path)
            .canonicalize()
            .unwrap_or_else(|e| panic!("{name}: {path}: {e}"));
        let entry = dir.join("tests").join("api").join("mod.rs");
        // Its entry file, or (none yet) its folder, so a new one is found.
        println!(
            "cargo:rerun-if-changed={}",
            if entry.is_file() { entry.display() } else { dir.display() }
        );
        if entry.is_file() {
            let id = name.trim_start_matches("plantdoc-").replace('-', "_");
            writeln!(tests, "#[path = {:?}]\nmod {id};", entry.display().to_string()).unwrap();
        }
    }
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap());
    replace(&out.join("modules.rs"), &uses);
    replace(&out.join("module_tests.rs"), &tests);
}

/// Writes a new file over `path` (never into the old one, which a copy of the target
/// dir may share: .ci/new-module-check.sh).
fn replace(path: &Path, text: &str) {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).expect("write OUT_DIR file");
    std::fs::rename(&tmp, path).expect("rename OUT_DIR file");
}
