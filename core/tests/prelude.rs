//! A module crate names the core only through what the prelude exports
//! (core/src/operations/prelude.rs, decision 119): every `plantdoc_core::` path in
//! `plugins/*/src` starts with a name the prelude hands on (a narrowed one, `auth`, with
//! one of its names), and a module reads only the `AppState` fields the prelude lists.
//! Test files (`*tests.rs`) may reach further, as `core/app`'s tests do.
use std::collections::{BTreeMap, BTreeSet};

mod kit;
use kit::{code, ident, root, rust_files};

/// The items of a `{a, b::c, d as e}` group (the text after its `{`), at its top level.
fn group_items(group: &str) -> Vec<String> {
    let (mut items, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for c in group.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    items.push(cur);
    items.into_iter().map(|i| i.trim().to_string()).filter(|i| !i.is_empty()).collect()
}

/// The last names of every `pub use crate::…;` in `text`.
fn uses(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for stmt in text.split(';') {
        let Some(u) = stmt.find("pub use crate::") else { continue };
        let rest = &stmt[u + "pub use crate::".len()..];
        let items = match rest.find('{') {
            Some(b) => group_items(&rest[b + 1..]),
            None => vec![rest.trim().to_string()],
        };
        for n in items {
            names.push(n.rsplit(" as ").next().unwrap().rsplit("::").next().unwrap().to_string());
        }
    }
    names
}

/// What the prelude hands on: a name at its top → the names allowed under it (`None`:
/// anything, a whole module or an item; `Some`: a `pub mod` that narrows one).
fn prelude() -> BTreeMap<String, Option<BTreeSet<String>>> {
    let mut text = code(&root().join("core/src/operations/prelude.rs"));
    let mut out = BTreeMap::new();
    while let Some(m) = text.find("pub mod ") {
        let name = ident(&text[m + "pub mod ".len()..]).to_string();
        let open = m + text[m..].find('{').unwrap();
        let (mut depth, mut close) = (0, open);
        for (j, c) in text[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = open + j;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.insert(name, Some(uses(&text[open + 1..close]).into_iter().collect()));
        text.replace_range(m..=close, "");
    }
    for n in uses(&text) {
        out.insert(n, None);
    }
    out
}

/// Every `plantdoc_core::` path in `code`, as its segments (`plantdoc_core::{a, b::c}`
/// gives `[a]` and `[b, c]`; `plantdoc_core::auth::{x, y}` gives `[auth, x]`, `[auth, y]`).
fn core_paths(code: &str) -> Vec<Vec<String>> {
    fn walk(prefix: &[String], rest: &str, out: &mut Vec<Vec<String>>) {
        if let Some(group) = rest.strip_prefix('{') {
            for item in group_items(group) {
                walk(prefix, &item, out);
            }
            return;
        }
        let name = ident(rest);
        if name.is_empty() || name == "self" {
            out.push(prefix.to_vec());
            return;
        }
        let mut path = prefix.to_vec();
        path.push(name.to_string());
        match rest[name.len()..].strip_prefix("::") {
            Some(more) if path.len() < 2 => walk(&path, more, out),
            _ => out.push(path),
        }
    }
    let mut out = Vec::new();
    for (i, _) in code.match_indices("plantdoc_core::") {
        walk(&[], &code[i + "plantdoc_core::".len()..], &mut out);
    }
    out.retain(|p| !p.is_empty());
    out
}

#[test]
fn modules_name_the_core_only_through_the_prelude() {
    let allowed = prelude();
    assert!(allowed.contains_key("AppState") && allowed.contains_key("files"), "{allowed:?}");
    assert!(allowed["auth"].as_ref().is_some_and(|a| a.contains("CurrentUser")), "{allowed:?}");
    assert!(!allowed.contains_key("server") && !allowed.contains_key("backup"), "{allowed:?}");
    let mut bad = Vec::new();
    for e in std::fs::read_dir(root().join("plugins")).unwrap().flatten() {
        let mut files = Vec::new();
        rust_files(&e.path().join("src"), &mut files);
        for f in files {
            let rel = f.strip_prefix(root()).unwrap().display().to_string();
            for p in core_paths(&code(&f)) {
                let ok = p[0] == "prelude"
                    || match allowed.get(&p[0]) {
                        Some(None) => true,
                        Some(Some(under)) => p.get(1).is_some_and(|n| under.contains(n)),
                        None => false,
                    };
                if !ok {
                    bad.push(format!("{rel}: plantdoc_core::{}", p.join("::")));
                }
            }
        }
    }
    bad.sort();
    bad.dedup();
    assert!(
        bad.is_empty(),
        "not in the prelude (core/src/operations/prelude.rs):\n{}",
        bad.join("\n")
    );
}

/// `AppState`'s fields a module reads (the prelude's list).
const STATE_FIELDS: &[&str] = &["db", "zones", "settings", "storage", "changes", "ip_limiter"];

#[test]
fn modules_read_only_the_state_fields_the_prelude_lists() {
    let inner = code(&root().join("core/src/app/state.rs"));
    let start = inner.find("pub struct Inner {").unwrap();
    let body = &inner[start..start + inner[start..].find("\n}").unwrap()];
    let fields: BTreeSet<&str> = body
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub "))
        .map(ident)
        .filter(|f| !f.is_empty() && *f != "struct")
        .collect();
    assert!(fields.len() >= 19 && fields.contains("secret"), "{fields:?}");
    let prelude = std::fs::read_to_string(root().join("core/src/operations/prelude.rs")).unwrap();
    for f in STATE_FIELDS {
        assert!(fields.contains(f), "{f} is no field of Inner");
        assert!(prelude.contains(&format!("`{f}`")), "the prelude's doc does not list `{f}`");
    }
    let mut bad = Vec::new();
    for e in std::fs::read_dir(root().join("plugins")).unwrap().flatten() {
        let mut files = Vec::new();
        rust_files(&e.path().join("src"), &mut files);
        for f in files {
            let text = code(&f);
            for (i, _) in text.match_indices("state.") {
                let name = ident(&text[i + "state.".len()..]);
                let called = text[i + "state.".len() + name.len()..].starts_with('(');
                if fields.contains(name) && !called && !STATE_FIELDS.contains(&name) {
                    bad.push(format!(
                        "{}: state.{name}",
                        f.strip_prefix(root()).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "fields the prelude does not offer:\n{}", bad.join("\n"));
}
