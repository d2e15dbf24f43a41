//! Company code → plant zones. The spec's four lists are built in; the other codes
//! come from config (`[zones]`).
use std::collections::BTreeMap;

use serde::Serialize;

const SPEC_ZONES: &[(&str, &[&str])] = &[
    ("mpk", &["A1", "A2", "A3", "B1", "B2", "C1", "C2", "C3", "D1", "D2", "D3", "shipping", "ojt"]),
    ("mpq", &["A1", "A2", "B1", "B2", "C1", "C2", "C3", "D1", "D2", "E1", "E2", "shipping", "ojt"]),
    ("mph", &["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "shipping", "ojt"]),
    ("umw", &["A1", "A2", "A3", "B1", "C1", "C2", "C3", "D1", "D2", "E1", "E2", "shipping", "ojt"]),
];

/// Every zone code a kiosk may be set to (the login page's `zone` query).
pub const ALL_CODES: &[&str] =
    &["A1", "A2", "A3", "B1", "B2", "C1", "C2", "C3", "D1", "D2", "D3", "E1", "E2", "shipping", "ojt"];

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ZoneOption {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Clone)]
pub struct Zones(BTreeMap<String, Vec<String>>);

impl Zones {
    pub fn new(extra: &BTreeMap<String, Vec<String>>) -> Self {
        let mut m: BTreeMap<String, Vec<String>> = extra.clone();
        for (code, list) in SPEC_ZONES {
            m.insert(code.to_string(), list.iter().map(|s| s.to_string()).collect());
        }
        Self(m)
    }

    /// The zone codes of a company (empty for an unknown code).
    pub fn codes(&self, company: &str) -> Vec<String> {
        self.0.get(company).cloned().unwrap_or_default()
    }

    pub fn options(&self, company: &str) -> Vec<ZoneOption> {
        self.codes(company).into_iter().map(|c| ZoneOption { label: label(&c), value: c }).collect()
    }
}

/// 'A Zone 1', 'Shipping', 'OJT'.
pub fn label(code: &str) -> String {
    match code {
        "shipping" => "Shipping".into(),
        "ojt" => "OJT".into(),
        c => {
            let mut chars = c.chars();
            match (chars.next(), chars.as_str()) {
                (Some(l), n) if !n.is_empty() => format!("{l} Zone {n}"),
                _ => c.to_string(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_as_the_spec() {
        assert_eq!(label("A1"), "A Zone 1");
        assert_eq!(label("E2"), "E Zone 2");
        assert_eq!(label("shipping"), "Shipping");
        assert_eq!(label("ojt"), "OJT");
    }

    #[test]
    fn spec_lists_win_over_config() {
        let mut extra = BTreeMap::new();
        extra.insert("mpk".to_string(), vec!["X1".to_string()]);
        extra.insert("mps".to_string(), vec!["A1".to_string()]);
        let z = Zones::new(&extra);
        assert_eq!(z.codes("mpk").len(), 13);
        assert_eq!(z.codes("mps"), vec!["A1"]);
        assert_eq!(z.codes("mph").len(), 10);
        assert!(z.codes("nope").is_empty());
    }
}
