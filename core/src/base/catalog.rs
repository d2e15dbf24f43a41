//! The translators' catalogs (decision 81): per language, English message → its
//! translation, as TOML (`core/locales/<lang>.toml`, and each module's
//! `plugins/<id>/locales/<lang>.toml` given in its `build` with `ctx.locale`). A key may
//! hold placeholders (`"Search for at most {max} words."`): the English text is matched
//! against it and each captured value is put where the translation names it (itself
//! translated when the catalog has it, e.g. a stage's name). English is the code's own
//! text and has no catalog.
use std::collections::HashMap;

use serde_json::Value;

/// Every language's catalog.
#[derive(Default)]
pub struct Catalogs {
    by_lang: HashMap<String, Catalog>,
}

#[derive(Default)]
struct Catalog {
    exact: HashMap<String, String>,
    /// Keys with placeholders, the most specific (longest literal text) first.
    patterns: Vec<Pattern>,
}

struct Pattern {
    /// The literal pieces around the placeholders (one more than `names`).
    pieces: Vec<String>,
    names: Vec<String>,
    to: String,
}

/// A template's placeholders in order (`{max}` → `max`, `{n:>3}` → `n`, `{}` → ``).
pub fn placeholders(template: &str) -> Vec<String> {
    split(template).1
}

/// A template's literal pieces and the placeholder names between them.
fn split(template: &str) -> (Vec<String>, Vec<String>) {
    let (mut pieces, mut names, mut cur) = (Vec::new(), Vec::new(), String::new());
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        cur.push_str(&rest[..i]);
        let (c, after) = (rest.as_bytes()[i], &rest[i + 1..]);
        if after.as_bytes().first() == Some(&c) {
            cur.push(c as char); // `{{` / `}}`
            rest = &after[1..];
        } else if c == b'{' {
            let end = after.find('}').unwrap_or(after.len());
            names.push(after[..end].split(':').next().unwrap_or("").trim().to_string());
            pieces.push(std::mem::take(&mut cur));
            rest = after.get(end + 1..).unwrap_or("");
        } else {
            cur.push('}');
            rest = after;
        }
    }
    cur.push_str(rest);
    pieces.push(cur);
    (pieces, names)
}

impl Pattern {
    /// The captured values when `s` is this template filled in.
    fn captures<'s>(&self, s: &'s str) -> Option<Vec<&'s str>> {
        let rest = s.strip_prefix(self.pieces[0].as_str())?;
        let mut out = Vec::with_capacity(self.names.len());
        fill(&self.pieces[1..], rest, &mut out).then_some(out)
    }
}

/// Matches `rest` against the placeholders before each of `pieces`, trying every place a
/// piece occurs (a value may contain a piece's words).
fn fill<'s>(pieces: &[String], rest: &'s str, out: &mut Vec<&'s str>) -> bool {
    let Some((piece, more)) = pieces.split_first() else { return rest.is_empty() };
    if more.is_empty() {
        return match rest.strip_suffix(piece.as_str()) {
            Some(v) if !v.is_empty() => {
                out.push(v);
                true
            }
            _ => false,
        };
    }
    let mut from = 1;
    while let Some(at) = rest.get(from..).and_then(|r| r.find(piece.as_str())).map(|i| i + from) {
        out.push(&rest[..at]);
        if fill(more, &rest[at + piece.len()..], out) {
            return true;
        }
        out.pop();
        from = at + 1;
        while !rest.is_char_boundary(from) {
            from += 1;
        }
    }
    false
}

impl Catalogs {
    /// Adds one catalog file's entries (TOML: `"English" = "translation"`) to `lang`.
    pub fn add(&mut self, lang: &str, origin: &str, toml_text: &str) -> anyhow::Result<()> {
        let table: toml::Table = toml_text.parse().map_err(|e| anyhow::anyhow!("{origin}: {e}"))?;
        let catalog = self.by_lang.entry(lang.to_string()).or_default();
        for (key, v) in table {
            let to = v
                .as_str()
                .ok_or_else(|| {
                    anyhow::anyhow!("{origin}: {key:?}: the translation must be a string")
                })?
                .to_string();
            let (pieces, names) = split(&key);
            if names.is_empty() {
                catalog.exact.insert(key, to);
            } else {
                catalog.patterns.push(Pattern { pieces, names, to });
            }
        }
        catalog
            .patterns
            .sort_by_key(|p| std::cmp::Reverse(p.pieces.iter().map(String::len).sum::<usize>()));
        Ok(())
    }

    /// `english` in `lang`, when the catalog has it.
    pub fn translate(&self, lang: &str, english: &str) -> Option<String> {
        let c = self.by_lang.get(lang)?;
        if let Some(t) = c.exact.get(english) {
            return Some(t.clone());
        }
        c.patterns.iter().find_map(|p| {
            let values = p.captures(english)?;
            let (pieces, names) = split(&p.to);
            let mut out = pieces[0].clone();
            for (i, name) in names.iter().enumerate() {
                // `{name}` takes that value; `{}` the next positional one.
                let k = if name.is_empty() { i } else { p.names.iter().position(|n| n == name)? };
                let v = values.get(k)?;
                out.push_str(c.exact.get(*v).map_or(v, String::as_str));
                out.push_str(&pieces[i + 1]);
            }
            Some(out)
        })
    }

    /// Translates an error answer's messages in place: the top-level strings (`error`,
    /// each field's message) and those one object down. Answers whether anything changed.
    pub fn translate_body(&self, lang: &str, body: &mut Value) -> bool {
        let Value::Object(map) = body else { return false };
        let mut changed = false;
        for v in map.values_mut() {
            match v {
                Value::String(s) => {
                    if let Some(t) = self.translate(lang, s) {
                        *s = t;
                        changed = true;
                    }
                }
                Value::Object(inner) => {
                    for s in inner.values_mut().filter_map(|x| match x {
                        Value::String(s) => Some(s),
                        _ => None,
                    }) {
                        if let Some(t) = self.translate(lang, s) {
                            *s = t;
                            changed = true;
                        }
                    }
                }
                _ => {}
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn es() -> Catalogs {
        let mut c = Catalogs::default();
        c.add(
            "es",
            "test",
            r#"
"Not found." = "No encontrado."
"Zone {bad} is not a zone of company {company}." = "La empresa {company} no tiene la zona {bad}."
"The {first} stage reviews this {what} first." = "La etapa de {first} revisa primero este {what}."
"process" = "proceso"
"{a} and {{b}}" = "{a} y {{b}}"
"#,
        )
        .unwrap();
        c
    }

    #[test]
    fn exact_and_placeholder_messages_are_translated() {
        let c = es();
        assert_eq!(c.translate("es", "Not found.").as_deref(), Some("No encontrado."));
        assert_eq!(
            c.translate("es", "Zone Z9 is not a zone of company mpk.").as_deref(),
            Some("La empresa mpk no tiene la zona Z9.")
        );
        // A captured word the catalog knows is translated too.
        assert_eq!(
            c.translate("es", "The process stage reviews this SWP first.").as_deref(),
            Some("La etapa de proceso revisa primero este SWP.")
        );
        assert_eq!(c.translate("es", "x and {b}").as_deref(), Some("x y {b}"));
        assert_eq!(c.translate("es", "Something else."), None);
        assert_eq!(c.translate("pl", "Not found."), None);
    }

    #[test]
    fn a_value_may_contain_the_words_around_it() {
        let c = es();
        assert_eq!(
            c.translate("es", "Zone A is not a zone of company is not a zone of company b.")
                .as_deref(),
            Some("La empresa is not a zone of company b no tiene la zona A.")
        );
    }

    #[test]
    fn bodies_translate_every_message() {
        let c = es();
        let mut v = serde_json::json!({"error": "Not found.", "nested": {"zones": "Zone Q is not a zone of company umw."}, "n": 3});
        assert!(c.translate_body("es", &mut v));
        assert_eq!(v["error"], "No encontrado.");
        assert_eq!(v["nested"]["zones"], "La empresa umw no tiene la zona Q.");
        assert!(!c.translate_body("es", &mut serde_json::json!({"status": "CHANGE_PASSWORD"})));
    }

    #[test]
    fn placeholders_are_named_in_order() {
        assert_eq!(placeholders("At most {max} {many:>2} at a time, {}."), vec!["max", "many", ""]);
    }
}
