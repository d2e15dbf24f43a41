//! The change-control port (`ChangeControl`, provided by the `changes` module) and the
//! rules every module applies with it: a revision's reason, its change request, the days
//! a revision takes effect per zone, a document's periodic review date. Re-exported by
//! [`crate::ports`].
use crate::app::AppState;
use crate::error::AppResult;
use crate::text;

pub use async_trait::async_trait;

/// Change control: while its provider is on, every revision after a part's first carries
/// its reason, and a revision may name the change request it belongs to.
#[async_trait]
pub trait ChangeControl: Send + Sync {
    /// Why `company`'s change request `number` cannot take a revision of the `kind`
    /// document of `part_number` (a field message), or `Ok` when it can: the request
    /// exists, is in review or approved, and lists that document.
    async fn check_request(
        &self,
        state: &AppState,
        company: &str,
        number: &str,
        kind: &str,
        part_number: &str,
    ) -> AppResult<Result<(), &'static str>>;
    /// Records, inside the submission's transaction, that the revision `doc_id` was
    /// submitted under the change request `number` (checked by [`Self::check_request`]).
    async fn attach(
        &self,
        conn: &mut sqlx::AnyConnection,
        company: &str,
        number: &str,
        revision: &AttachedRevision,
    ) -> AppResult<()>;
    /// The days (`YYYY-MM-DD`, UTC) from which the revision `doc_id` is in force, by zone,
    /// when an approved change request it was submitted under dates them; empty: in force
    /// from its deploy everywhere.
    async fn effective_days(
        &self,
        conn: &mut sqlx::AnyConnection,
        doc_id: &str,
    ) -> AppResult<Vec<(String, String)>>;
    /// [`Self::effective_days`] as a scalar subquery over the SQL expression naming the
    /// revision (`id_sql`), to read with the revision's own row in one statement: each
    /// (zone, day) as `<zone's length>:<zone><day>`, '' when none. Read it with
    /// [`parse_days`].
    fn effective_days_sql(&self, id_sql: &str) -> String;
    /// When the deployed document `doc_id` is due for its periodic review (ms), if it has a
    /// review date.
    async fn review_due(&self, state: &AppState, doc_id: &str) -> AppResult<Option<i64>>;
}

/// A document answer's `reviewDue` (ISO 8601), under change control's periodic review.
pub async fn review_due(state: &AppState, doc_id: &str) -> AppResult<Option<String>> {
    match state.port::<dyn ChangeControl>() {
        Some(p) => Ok(p.review_due(state, doc_id).await?.map(crate::clock::iso)),
        None => Ok(None),
    }
}

/// Whether a revision whose effective days by zone are `days` is held back for a viewer of
/// `zones` on `today` (`YYYY-MM-DD`): some dated zone is the viewer's, and none of the
/// viewer's dated zones has reached its day. A viewer of no zone sees every zone.
pub fn held_back(days: &[(String, String)], zones: &[String], today: &str) -> bool {
    let mine: Vec<&(String, String)> = mine(days, zones).collect();
    !mine.is_empty() && mine.iter().all(|(_, d)| d.as_str() > today)
}

/// The dated zones of `days` that are a viewer's of `zones` (all of them for no zone).
fn mine<'a>(
    days: &'a [(String, String)],
    zones: &'a [String],
) -> impl Iterator<Item = &'a (String, String)> {
    days.iter().filter(|(z, _)| zones.is_empty() || zones.contains(z))
}

/// When a revision whose effective days are `days`, held back now ([`held_back`]) for a
/// viewer of `zones`, takes effect for them (ms): the first of their days. `None` when it
/// is not held back (the kiosk's offline pack switches then, decision 126).
pub fn held_until(days: &[(String, String)], zones: &[String], now_ms: i64) -> Option<i64> {
    if !held_back(days, zones, &day_of(now_ms)) {
        return None;
    }
    mine(days, zones).map(|(_, d)| d.as_str()).min().and_then(day_start_ms)
}

/// The days of a [`ChangeControl::effective_days_sql`] column, as `effective_days`
/// answers them (what does not parse ends the list).
pub fn parse_days(mut text: &str) -> Vec<(String, String)> {
    let mut days = Vec::new();
    while let Some((len, rest)) = text.split_once(':') {
        let Ok(len) = len.parse::<usize>() else { break };
        // SQL's length() counts characters.
        let end = rest.char_indices().nth(len).map_or(rest.len(), |(i, _)| i);
        let Some(day) = rest.get(end..end + 10) else { break };
        days.push((rest[..end].to_string(), day.to_string()));
        text = &rest[end + 10..];
    }
    days
}

/// The first millisecond (UTC) of a `YYYY-MM-DD` day.
pub fn day_start_ms(day: &str) -> Option<i64> {
    let d = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").ok()?;
    Some(d.and_hms_opt(0, 0, 0)?.and_utc().timestamp_millis())
}

/// Today as change control dates it: the UTC day of `now_ms`.
pub fn day_of(now_ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(now_ms)
        .unwrap_or_default()
        .format("%Y-%m-%d")
        .to_string()
}

/// A revision submitted under a change request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttachedRevision {
    /// The document kind (`swp`, `alert`).
    pub kind: String,
    pub doc_id: String,
    pub part_number: String,
    /// Its reason for change (the 'Changes' note).
    pub reason: String,
    pub submitted_at: i64,
}

/// The reason-for-change rule of a revision, with change control on: the note is required
/// from a part's second revision on (revision 1), whatever the 'New Release' choice.
pub const REASON_REQUIRED: &str =
    text!("Please give the reason for this change: change control needs it on every revision.");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revision_is_held_back_until_the_day_of_each_of_the_viewers_zones() {
        let days = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter().map(|(z, d)| (z.to_string(), d.to_string())).collect()
        };
        let zones = |v: &[&str]| -> Vec<String> { v.iter().map(|z| z.to_string()).collect() };
        let dated = days(&[("A1", "2026-01-07"), ("B2", "2026-01-03")]);
        // (viewer's zones, today, held back)
        for (z, today, held) in [
            (&["A1"][..], "2026-01-06", true),
            (&["A1"][..], "2026-01-07", false),
            (&["B2"][..], "2026-01-02", true),
            (&["B2"][..], "2026-01-03", false),
            (&["A1", "B2"][..], "2026-01-05", false),
            (&["C3"][..], "2026-01-01", false),
            (&[][..], "2026-01-05", false),
            (&[][..], "2026-01-02", true),
        ] {
            assert_eq!(held_back(&dated, &zones(z), today), held, "{z:?} {today}");
        }
        assert!(!held_back(&[], &zones(&["A1"]), "2026-01-01"));
        // Held back until the first of the viewer's days; not held back: no switch.
        let jan = |d: i64| 1_767_225_600_000 + (d - 1) * 86_400_000;
        assert_eq!(held_until(&dated, &zones(&["A1"]), jan(6) + 5), Some(jan(7)));
        assert_eq!(held_until(&dated, &zones(&[]), jan(2)), Some(jan(3)));
        assert_eq!(held_until(&dated, &zones(&["A1"]), jan(7)), None);
        assert_eq!(held_until(&dated, &zones(&["C3"]), jan(1)), None);
        assert_eq!(parse_days("2:A12026-01-073:B;22026-01-03")[0], dated[0]);
        assert_eq!(parse_days("2:A12026-01-072:B22026-01-03"), dated);
        assert_eq!(parse_days("3:B;22026-01-03"), days(&[("B;2", "2026-01-03")]));
        assert_eq!(parse_days("2:Zé2026-01-03"), days(&[("Zé", "2026-01-03")]));
        assert!(parse_days("").is_empty());
        assert_eq!(day_of(1_767_225_600_000), "2026-01-01");
        assert_eq!(day_start_ms("2026-01-01"), Some(1_767_225_600_000));
    }
}
