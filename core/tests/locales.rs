//! Every message a person reads is translated (decision 81). Messages are marked in
//! the code with `msg!("…")` (a `format!`) or `text!("…")` (a constant); this test reads
//! core/src and plugins/*/src, and fails when
//! - a marked message is missing from a shipped language's catalog (the core's
//!   core/locales/<lang>.toml, a module's plugins/<id>/locales/<lang>.toml or the core's),
//! - a translation does not keep its message's placeholders,
//! - a module with messages does not give its catalogs in `build` (`ctx.locale`),
//! - a message-like literal in an error is not marked (a new message would go untranslated).
use std::collections::BTreeMap;
use std::path::Path;

use plantdoc_core::base::catalog::placeholders;

/// Languages with a catalog (English is the code's own).
const TRANSLATED: &[&str] = &["es", "pl"];

/// Files whose English literals are not answers to a person: demo data, the OpenAPI
/// text, the auditor's PDF, the matrix export and the obligations CSV (records, kept in
/// the plant's language of record).
const NOT_ANSWERS: &[&str] = &[
    "plugins/alerts/src/demo.rs",
    "plugins/swp/src/demo.rs",
    "plugins/swp/src/audit_file.rs",
    "plugins/swp/src/audit_rows.rs",
    "core/src/app/openapi.rs",
    // Metric help texts: read by Prometheus, not people.
    "core/src/app/metrics.rs",
    "plugins/example-dynamic/src/lib.rs",
    "plugins/training/src/matrix.rs",
    "plugins/readiness/src/csv.rs",
    "plugins/changes/src/record_pdf.rs",
    "plugins/changes/src/demo.rs",
    // HPKE suite names in the offline pack's key: identifiers the kiosk's library reads.
    "plugins/island/src/sealed.rs",
];

mod kit;
use kit::{root, rust_files};

fn code(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |i| &text[..i])
}

/// The string literals of `src` (value, byte offset), comments skipped.
fn literals(src: &str) -> Vec<(String, usize)> {
    let b = src.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = src[i..].find('\n').map_or(b.len(), |n| i + n)
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = src[i + 2..].find("*/").map_or(b.len(), |n| i + n + 4)
            }
            b'\'' if b.get(i + 1) == Some(&b'\\') => {
                i = src[i + 2..].find('\'').map_or(b.len(), |n| i + n + 3)
            }
            b'\'' if b.get(i + 2) == Some(&b'\'') => i += 3,
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) =>
            {
                let hashes = src[i + 1..].bytes().take_while(|c| *c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let start = i + 2 + hashes;
                let end = src[start..].find(&close).map_or(b.len(), |n| start + n);
                out.push((src[start..end].to_string(), i));
                i = end + close.len();
            }
            b'"' => {
                let (mut s, mut j) = (String::new(), i + 1);
                while j < b.len() && b[j] != b'"' {
                    if b[j] == b'\\' {
                        match b.get(j + 1) {
                            Some(b'n') => s.push('\n'),
                            Some(b'\n') => {
                                j += 2;
                                while j < b.len() && b[j].is_ascii_whitespace() {
                                    j += 1;
                                }
                                continue;
                            }
                            Some(c) => s.push(*c as char),
                            None => {}
                        }
                        j += 2;
                    } else {
                        let c = src[j..].chars().next().unwrap();
                        s.push(c);
                        j += c.len_utf8();
                    }
                }
                out.push((s, i));
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// Whether the literal at `at` is the argument of `msg!(` or `text!(`.
fn marked(src: &str, at: usize) -> bool {
    let before = src[..at].trim_end();
    before.ends_with("msg!(") || before.ends_with("text!(")
}

fn looks_like_a_message(s: &str) -> bool {
    const SQL: &[&str] = &[
        "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "WITH", "EXISTS", "ALTER", "DROP",
        "CASE", "COALESCE",
    ];
    s.starts_with(|c: char| c.is_ascii_uppercase())
        && s.contains(' ')
        && s.ends_with(['.', '?', '!', ')'])
        && !SQL.contains(&s.split([' ', '(']).next().unwrap_or(""))
}

/// Lines that may hold English for other readers: logs, start-up errors, panics, the
/// routes' summaries (the OpenAPI document).
fn for_operators(line: &str) -> bool {
    [
        "tracing::",
        "anyhow!",
        "bail!",
        "expect(",
        "panic!",
        "assert",
        "println!",
        "ConfigError",
        "context(",
        "with_context(",
        "#[",
        "\"/api/",
        ".route(",
    ]
    .iter()
    .any(|w| line.contains(w))
}

/// Marked messages by owner (`core` or a module's id): (message, file:line).
type Found = BTreeMap<String, Vec<(String, String)>>;

/// Every marked message, by where it is; and the unmarked ones.
fn scan() -> (Found, Vec<String>) {
    let root = root();
    let mut dirs = vec![("core".to_string(), root.join("core/src"))];
    for e in std::fs::read_dir(root.join("plugins")).unwrap().flatten() {
        dirs.push((e.file_name().to_string_lossy().into_owned(), e.path().join("src")));
    }
    let (mut found, mut unmarked) = (Found::new(), Vec::new());
    for (owner, dir) in dirs {
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        for f in files {
            let rel = f.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&f).unwrap();
            let src = code(&text);
            for (s, at) in literals(src) {
                let line_start = src[..at].rfind('\n').map_or(0, |n| n + 1);
                // The literal's line and the two before it (a call's first arguments).
                let prev_start = (0..3).fold(line_start, |s, _| {
                    src[..s.saturating_sub(1)].rfind('\n').map_or(0, |n| n + 1)
                });
                let line_no = src[..at].matches('\n').count() + 1;
                if marked(src, at) {
                    found.entry(owner.clone()).or_default().push((s, format!("{rel}:{line_no}")));
                } else if looks_like_a_message(&s)
                    && !NOT_ANSWERS.contains(&rel.as_str())
                    && !for_operators(&src[prev_start..at])
                {
                    unmarked.push(format!("{rel}:{line_no}: {s:?}"));
                }
            }
        }
    }
    (found, unmarked)
}

fn catalog(path: &Path) -> toml::Table {
    match std::fs::read_to_string(path) {
        Ok(t) => t.parse().unwrap_or_else(|e| panic!("{}: {e}", path.display())),
        Err(_) => toml::Table::new(),
    }
}

#[test]
fn every_message_is_marked() {
    let (found, unmarked) = scan();
    assert!(found.get("core").is_some_and(|m| m.len() > 100), "the scan finds the core's messages");
    assert!(
        unmarked.is_empty(),
        "messages not marked with msg!/text! (or add the file to NOT_ANSWERS):\n{}",
        unmarked.join("\n")
    );
}

#[test]
fn every_message_is_in_every_catalog() {
    let root = root();
    let (found, _) = scan();
    let mut missing = Vec::new();
    for lang in TRANSLATED {
        let core = catalog(&root.join(format!("core/locales/{lang}.toml")));
        for (owner, messages) in &found {
            let own = if owner == "core" {
                toml::Table::new()
            } else {
                catalog(&root.join(format!("plugins/{owner}/locales/{lang}.toml")))
            };
            for (m, at) in messages {
                if !own.contains_key(m) && !core.contains_key(m) {
                    missing.push(format!("{lang}: {at}: {m:?}"));
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "{} messages without a translation:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn translations_keep_their_placeholders_and_modules_register_them() {
    let root = root();
    let mut catalogs = vec![root.join("core/locales")];
    for e in std::fs::read_dir(root.join("plugins")).unwrap().flatten() {
        if e.path().join("locales").is_dir() {
            let lib = std::fs::read_to_string(e.path().join("src/lib.rs")).unwrap_or_default();
            for lang in TRANSLATED {
                let call =
                    format!("ctx.locale(\"{lang}\", include_str!(\"../locales/{lang}.toml\"))");
                assert!(lib.contains(&call), "{}: build must call {call}", e.path().display());
            }
            catalogs.push(e.path().join("locales"));
        }
    }
    let mut bad = Vec::new();
    for dir in catalogs {
        for lang in TRANSLATED {
            for (k, v) in catalog(&dir.join(format!("{lang}.toml"))) {
                let v = v.as_str().unwrap_or("").to_string();
                let (mut a, mut b) = (placeholders(&k), placeholders(&v));
                a.sort();
                b.sort();
                if a != b || v.trim().is_empty() {
                    bad.push(format!("{}/{lang}.toml: {k:?} = {v:?}", dir.display()));
                }
            }
        }
    }
    assert!(bad.is_empty(), "translations that lose or add a placeholder:\n{}", bad.join("\n"));
}

#[test]
fn modules_with_messages_have_catalogs() {
    let (found, _) = scan();
    for owner in found.keys().filter(|o| *o != "core") {
        let dir = root().join(format!("plugins/{owner}/locales"));
        assert!(dir.is_dir(), "plugins/{owner} has messages: its catalogs go in {}", dir.display());
    }
}
