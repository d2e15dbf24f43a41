//! Company code → plant zones. The spec's four lists are built in; the other codes
//! come from config (`[zones]`).
use crate::text;
use std::collections::BTreeMap;

use serde::Serialize;

use crate::base::error::Refusal;

const SPEC_ZONES: &[(&str, &[&str])] = &[
    ("mpk", &["A1", "A2", "A3", "B1", "B2", "C1", "C2", "C3", "D1", "D2", "D3", "shipping", "ojt"]),
    ("mpq", &["A1", "A2", "B1", "B2", "C1", "C2", "C3", "D1", "D2", "E1", "E2", "shipping", "ojt"]),
    ("mph", &["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "shipping", "ojt"]),
    ("umw", &["A1", "A2", "A3", "B1", "C1", "C2", "C3", "D1", "D2", "E1", "E2", "shipping", "ojt"]),
];

/// Every zone code a kiosk may be set to (the login page's `zone` query).
pub const ALL_CODES: &[&str] = &[
    "A1", "A2", "A3", "B1", "B2", "C1", "C2", "C3", "D1", "D2", "D3", "E1", "E2", "shipping", "ojt",
];

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
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

    /// Whether `user_zones` cover every zone of the company: then every document of the
    /// company is in the user's zones (documents only take company zones), and lists
    /// skip the per-row zone check.
    pub fn covers_company(&self, company: &str, user_zones: &[String]) -> bool {
        let all = self.codes(company);
        !all.is_empty() && all.iter().all(|z| user_zones.contains(z))
    }

    /// A non-empty list of the company's zones, in the company's order, or the message
    /// for the form's `zones` field.
    pub fn check_selection(
        &self,
        company: &str,
        v: &serde_json::Value,
    ) -> Result<Vec<String>, Refusal> {
        let list = v.as_array().ok_or(text!("Please select at least one zone."))?;
        let allowed = self.codes(company);
        let mut picked = Vec::new();
        for z in list {
            let z = z.as_str().ok_or(text!("Zones are a list of zone codes."))?;
            if !allowed.iter().any(|a| a == z) {
                return Err(format!("{z} is not a zone of your company.").into());
            }
            picked.push(z.to_string());
        }
        let zones: Vec<String> = allowed.into_iter().filter(|a| picked.contains(a)).collect();
        if zones.is_empty() {
            return Err(text!("Please select at least one zone.").into());
        }
        Ok(zones)
    }
}

/// Whether two zone lists share a zone.
pub fn overlap<A: AsRef<str>, B: AsRef<str>>(a: &[A], b: &[B]) -> bool {
    a.iter().any(|x| b.iter().any(|y| x.as_ref() == y.as_ref()))
}

/// Codes outside [`ALL_CODES`] share this bit of a zone mask (then compared exactly).
pub const OTHER_ZONE_BIT: i64 = 1 << 62;

fn zone_bit(code: &str) -> i64 {
    ALL_CODES.iter().position(|c| *c == code).map_or(OTHER_ZONE_BIT, |i| 1 << i)
}

/// A zone list as one BIGINT, one bit per code: a document table keeps it in a column
/// its indexes carry, so "in the user's zones" is one AND, never a row visit.
pub fn zone_mask<S: AsRef<str>>(zones: &[S]) -> i64 {
    zones.iter().fold(0, |m, z| m | zone_bit(z.as_ref()))
}

/// SQL that is true when a document's zones overlap `zones`. `mask` is the document's
/// zone-mask column; `exact(list)` is SQL true when one of the document's zone rows is
/// in `list` (asked only for codes outside [`ALL_CODES`]). Never true for no zones.
pub fn overlap_sql(
    q: &mut crate::data::db::Params,
    mask: &str,
    exact: impl Fn(&str) -> String,
    zones: &[String],
) -> String {
    let known = zone_mask(zones) & !OTHER_ZONE_BIT;
    let others: Vec<String> =
        zones.iter().filter(|z| zone_bit(z) == OTHER_ZONE_BIT).cloned().collect();
    let mut parts = Vec::new();
    if known != 0 {
        parts.push(format!("({mask} & {}) <> 0", q.add(known)));
    }
    if !others.is_empty() {
        let bit = q.add(OTHER_ZONE_BIT);
        let list = q.list(others);
        parts.push(format!("(({mask} & {bit}) <> 0 AND {})", exact(&list)));
    }
    if parts.is_empty() {
        "1 = 0".into()
    } else {
        format!("({})", parts.join(" OR "))
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
    fn zone_masks_give_each_known_code_its_own_bit() {
        let (a1, b1) = (zone_mask(&["A1"]), zone_mask(&["B1"]));
        assert_ne!(a1, b1);
        assert_eq!(zone_mask(&["A1", "B1", "A1"]), a1 | b1);
        assert_eq!(a1 & b1, 0);
        // Codes a plant configures beyond the core's list share one bit...
        assert_eq!(zone_mask(&["X9"]), OTHER_ZONE_BIT);
        assert_eq!(zone_mask(&["X9", "Y7"]), OTHER_ZONE_BIT);
        assert_eq!(zone_mask::<&str>(&[]), 0);
    }

    #[test]
    fn unknown_codes_are_compared_exactly() {
        let mut q = crate::data::db::Params::default();
        let exact = |l: &str| {
            format!("EXISTS (SELECT 1 FROM doc_zones z WHERE z.doc_id = d.id AND z.zone IN ({l}))")
        };
        let sql = overlap_sql(&mut q, "d.zone_mask", exact, &["A1".to_string(), "X9".to_string()]);
        assert_eq!(sql, "((d.zone_mask & $1) <> 0 OR ((d.zone_mask & $2) <> 0 AND EXISTS (SELECT 1 FROM doc_zones z WHERE z.doc_id = d.id AND z.zone IN ($3))))");
        assert_eq!(q.values.len(), 3);
        // ...so a user with none sees nothing by zone.
        assert_eq!(overlap_sql(&mut crate::data::db::Params::default(), "m", exact, &[]), "1 = 0");
    }

    #[test]
    fn selections_keep_the_company_order() {
        let z = Zones::new(&BTreeMap::new());
        assert_eq!(
            z.check_selection("mpk", &serde_json::json!(["B1", "A1"])).unwrap(),
            vec!["A1", "B1"]
        );
        assert_eq!(
            z.check_selection("mpk", &serde_json::json!([])).unwrap_err(),
            "Please select at least one zone."
        );
        assert_eq!(
            z.check_selection("mpk", &serde_json::json!(["E1"])).unwrap_err(),
            "E1 is not a zone of your company."
        );
        assert!(
            z.covers_company("mph", &z.codes("mph"))
                && !z.covers_company("mph", &["A1".to_string()])
        );
        assert!(overlap(&["A1", "B1"], &["B1"]) && !overlap(&["A1"], &["B1"]));
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
