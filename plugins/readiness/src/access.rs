//! Who may read what. The readiness routes are console routes (signed-in staff: the
//! route tier) and the kiosk's list is the kiosk tier's; both read only the caller's
//! company, and the console lists only documents in the caller's zones
//! (`filters::visible_sql`). What remains is the kiosk's zone: one of the company's,
//! and one of the kiosk account's (all of them when its zones cover the company).
use plantdoc_core::auth::users::User;
use plantdoc_core::text;
use plantdoc_core::zones::Zones;

/// A refusal: the field it concerns (or none: 403) and its text.
pub type Refusal = (Option<&'static str>, &'static str);

pub fn kiosk_zone(zones: &Zones, u: &User, zone: &str) -> Result<(), Refusal> {
    if !zones.codes(&u.company_code).iter().any(|z| z == zone) {
        return Err((Some("zone"), text!("This zone is not one of your company's zones.")));
    }
    if !zones.covers_company(&u.company_code, &u.zones) && !u.zones.iter().any(|z| z == zone) {
        return Err((None, text!("This zone is not one of your zones.")));
    }
    Ok(())
}

/// The summary's `by`.
pub fn summary_by(by: Option<&str>) -> Result<&'static str, Refusal> {
    match by.map(str::trim).filter(|s| !s.is_empty()) {
        None | Some("zone") => Ok("zone"),
        Some("part") => Ok("part"),
        Some("operator") => Ok("operator"),
        Some(_) => Err((Some("by"), text!("Summarise by zone, part or operator."))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plantdoc_core::auth::users::{Department::Production, Position::Operator};
    use std::collections::BTreeMap;

    #[test]
    fn the_rules_as_a_table() {
        let zones = Zones::new(&BTreeMap::new());
        let all = zones.codes("mpk");
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        let one = User::sketch("k", "mpk", Operator, Production, &[all[0]]);
        let every = User::sketch("k", "mpk", Operator, Production, &all);
        for (u, zone, want) in [
            (&one, all[0], Ok(())),
            (&one, all[1], Err((None, "This zone is not one of your zones."))),
            (&every, all[1], Ok(())),
            (
                &every,
                "nowhere",
                Err((Some("zone"), "This zone is not one of your company's zones.")),
            ),
        ] {
            assert_eq!(kiosk_zone(&zones, u, zone), want, "{zone}");
        }
        for (by, want) in [
            (None, Ok("zone")),
            (Some(""), Ok("zone")),
            (Some("part"), Ok("part")),
            (Some("operator"), Ok("operator")),
        ] {
            assert_eq!(summary_by(by), want);
        }
        assert_eq!(
            summary_by(Some("shift")),
            Err((Some("by"), "Summarise by zone, part or operator."))
        );
    }
}
