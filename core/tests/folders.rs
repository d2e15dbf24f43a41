//! The core's folders stand on each other in one direction only (docs/core.md): this
//! reads `core/src`, builds the folder → folder graph of every `crate::` path and fails
//! on a cycle or on a folder that uses one above it.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Lowest first: a folder may use only the folders before it.
const LAYERS: &[&str] = &["base", "data", "plant", "documents", "app", "operations"];

/// Root files (or their folders, `review/`) not yet moved into a folder (they are being
/// rewritten on other branches), with the folder they belong to: a use of them counts as
/// a use of that folder. Their own imports are checked once they are moved; then their
/// line goes.
const NOT_YET_PLACED: &[(&str, &str)] = &[];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The text without comment lines (doc links name paths too, but they use nothing).
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn ident(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The first name of every `crate::` path: `crate::a::b` gives `a`, `crate::{a, b::c}`
/// gives `a` and `b`.
fn crate_names(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item_start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        names.insert(ident(&group[j..]).to_string());
                        item_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            names.insert(ident(rest).to_string());
        }
    }
    names.remove("");
    names
}

/// Root name → what lib.rs re-exports it from (`pub use data::{db, ...};` gives
/// `db` → `data`; `pub use error::{AppError, ...};` gives `AppError` → `error`).
fn root_reexports() -> BTreeMap<String, String> {
    let lib = code(&src().join("lib.rs"));
    let mut map = BTreeMap::new();
    for stmt in lib.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else { continue };
        // `pub use anyhow;`: an outside crate handed on to modules, in no folder.
        let Some((from, names)) = rest.split_once("::") else {
            map.insert(rest.trim().to_string(), OUTSIDE.to_string());
            continue;
        };
        for n in names.trim_matches(|c| c == '{' || c == '}').split(',') {
            let n = n.trim();
            let n = n.rsplit("::").next().unwrap();
            if !n.is_empty() {
                map.insert(n.to_string(), from.trim().to_string());
            }
        }
    }
    map
}

/// What lib.rs hands on from outside the crate.
const OUTSIDE: &str = "(outside the crate)";

/// The folder a `crate::name` path lands in.
fn folder_of(name: &str, reexports: &BTreeMap<String, String>) -> Option<String> {
    if LAYERS.contains(&name) || name == OUTSIDE {
        return Some(name.to_string());
    }
    if let Some((_, f)) = NOT_YET_PLACED.iter().find(|(n, _)| *n == name) {
        return Some(f.to_string());
    }
    folder_of(reexports.get(name)?, reexports)
}

/// Folder → folder → one file that makes the edge.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

fn graph() -> Graph {
    let root = src();
    let mut reexports = root_reexports();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    // `#[macro_export]` macros live at the crate root: `crate::review_stage` is the
    // folder of the file that defines it.
    for f in &files {
        let folder =
            f.strip_prefix(&root).unwrap().iter().next().unwrap().to_string_lossy().to_string();
        let text = code(f);
        for (i, _) in text.match_indices("#[macro_export]") {
            if let Some(j) = text[i..].find("macro_rules!") {
                let name = ident(text[i + j + "macro_rules!".len()..].trim_start());
                reexports.insert(name.to_string(), folder.clone());
            }
        }
    }
    let mut graph = Graph::new();
    for f in files {
        let rel = f.strip_prefix(&root).unwrap();
        let parts: Vec<_> = rel.iter().map(|p| p.to_string_lossy().to_string()).collect();
        let stem = parts[0].trim_end_matches(".rs");
        if NOT_YET_PLACED.iter().any(|(n, _)| *n == stem) {
            continue;
        }
        assert!(
            parts.len() > 1 || stem == "lib",
            "core/src/{}: every file but lib.rs lives in a folder ({LAYERS:?})",
            parts[0]
        );
        if parts.len() == 1 {
            continue;
        }
        let from = &parts[0];
        assert!(
            LAYERS.contains(&from.as_str()),
            "core/src/{from}/: not a known folder; add it to LAYERS and docs/core.md"
        );
        for name in crate_names(&code(&f)) {
            let to = folder_of(&name, &reexports)
                .unwrap_or_else(|| panic!("{}: crate::{name} is in no folder", rel.display()));
            if &to != from && to != OUTSIDE {
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_insert_with(|| rel.display().to_string());
            }
        }
    }
    graph
}

/// A cycle through the graph, as folders with the file making each step.
fn cycle(g: &Graph) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &Graph,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == n) {
            let mut c = path[at..].to_vec();
            c.push(n.to_string());
            return Some(c);
        }
        if !done.insert(n.to_string()) {
            return None;
        }
        path.push(n.to_string());
        for to in g.get(n).into_iter().flat_map(|m| m.keys()) {
            if let Some(c) = visit(to, g, path, done) {
                return Some(c);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    g.keys().find_map(|n| visit(n, g, &mut Vec::new(), &mut done))
}

#[test]
fn folders_have_no_cycle() {
    let g = graph();
    if let Some(c) = cycle(&g) {
        let steps: Vec<String> =
            c.windows(2).map(|w| format!("{} → {} ({})", w[0], w[1], g[&w[0]][&w[1]])).collect();
        panic!("import circle between core folders:\n  {}", steps.join("\n  "));
    }
    for (from, tos) in &g {
        let lo = LAYERS.iter().position(|l| l == from).unwrap();
        for (to, file) in tos {
            let hi = LAYERS.iter().position(|l| l == to).unwrap();
            assert!(hi < lo, "core/src/{file}: {from} uses {to}, which stands above it (order, lowest first: {LAYERS:?})");
        }
    }
}

#[test]
fn the_check_sees_a_cycle_and_every_path_form() {
    assert_eq!(
        crate_names("use crate::{a::B, c, d::{e, f}};\nx = crate::g::h(); $crate::i!()"),
        ["a", "c", "d", "g", "i"].map(String::from).into()
    );
    let mut g = Graph::new();
    g.entry("base".into()).or_default().insert("data".into(), "base/x.rs".into());
    assert_eq!(cycle(&g), None);
    g.entry("data".into()).or_default().insert("base".into(), "data/y.rs".into());
    assert_eq!(cycle(&g), Some(vec!["base".into(), "data".into(), "base".into()]));
    // The real graph has edges: the check is not reading nothing.
    assert!(graph()["operations"].contains_key("app"));
}
