//! The effective level: the level set, lowered by the rules of `[modules.training]`
//! (each off at 0) and raised to 1 by a waiver in force. Pure: the facts are read by
//! `qualify` (one operator and part) and `matrix` (a whole matrix) and the answer is
//! the same for both.
use chrono::{DateTime, Months, Utc};

use crate::TrainingSettings;

pub const DAY_MS: i64 = 86_400_000;

/// The level a lapsed certification falls to: 'Trained to run with assistance'.
pub const LAPSED: i32 = 1;
/// The cap of levels 3 and 4 after a new release, until a qualified verification.
pub const REQUALIFY_CAP: i32 = 2;

/// The rules in force (from the settings; 0 turns one off).
#[derive(Debug, Clone, Copy, Default)]
pub struct Rules {
    pub valid_months: u32,
    pub inactive_days: i64,
    pub temporary_max: i32,
}

impl Rules {
    pub fn of(s: &TrainingSettings) -> Self {
        Self {
            valid_months: u32::try_from(s.level_valid_months).unwrap_or(0),
            inactive_days: s.inactive_days,
            temporary_max: i32::try_from(s.temporary_max_level).unwrap_or(0),
        }
    }
    /// No rule lowers a level: the spec's matrix and gate.
    pub fn off(&self) -> bool {
        self.valid_months == 0 && self.inactive_days == 0 && self.temporary_max == 0
    }
}

/// What is known of one block: the level set and when, and the operator's history.
#[derive(Debug, Clone, Copy, Default)]
pub struct Facts {
    pub set: i32,
    pub set_at: i64,
    /// The newest verified read of any revision of the part.
    pub last_read: Option<i64>,
    /// The newest new release (`newRelease: true`) of the part deployed.
    pub released_at: Option<i64>,
    /// The newest verification by a verifier at level 4 on the part or a supervisor.
    pub requalified_at: Option<i64>,
    pub temporary: bool,
    /// The end of a waiver in force.
    pub waiver_until: Option<i64>,
}

/// Why the effective level differs from the level set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Past `validUntil` (the day it expired).
    Expired(i64),
    /// No verified read since that day.
    Decayed(i64),
    /// A new release awaits a verified read.
    Requalify,
    Temporary,
    /// A waiver lets the operator run the part until then.
    Waiver(i64),
}

impl Why {
    pub fn code(&self) -> &'static str {
        match self {
            Why::Expired(_) => "expired",
            Why::Decayed(_) => "decayed",
            Why::Requalify => "requalify",
            Why::Temporary => "temporary",
            Why::Waiver(_) => "waiver",
        }
    }
    /// The day the reason names (expiry, last read, a waiver's last day), when it names one.
    pub fn day(&self) -> Option<i64> {
        match *self {
            Why::Expired(t) | Why::Decayed(t) => Some(t),
            // A waiver ends at a moment; its last day is the one before that moment.
            Why::Waiver(t) => Some(t - 1),
            _ => None,
        }
    }
}

/// A cell's reason in words (the CSV; the page words it from `code` and `day`).
pub fn cell_reason(w: Why) -> String {
    let date = w.day().map(day).unwrap_or_default();
    match w {
        Why::Expired(_) => format!("expired on {date}"),
        Why::Decayed(_) => format!("no verified read since {date}"),
        Why::Requalify => "requalification due (new release)".into(),
        Why::Temporary => "temporary worker".into(),
        Why::Waiver(_) => format!("waiver until the end of {date}"),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effective {
    pub level: i32,
    pub why: Option<Why>,
    pub valid_until: Option<i64>,
}

/// `ms` plus `months` calendar months (the 31st falls to the month's last day).
pub fn plus_months(ms: i64, months: u32) -> i64 {
    DateTime::<Utc>::from_timestamp_millis(ms)
        .and_then(|d| d.checked_add_months(Months::new(months)))
        .map_or(i64::MAX, |d| d.timestamp_millis())
}

/// The day of `ms` as the reasons print it (YYYY-MM-DD, UTC).
pub fn day(ms: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(ms)
        .map_or_else(String::new, |d| d.format("%Y-%m-%d").to_string())
}

pub fn effective(r: &Rules, f: &Facts, now: i64) -> Effective {
    let trained = f.set >= 1;
    let valid_until =
        (trained && r.valid_months > 0).then(|| plus_months(f.set_at, r.valid_months));
    let (mut level, mut why) = (f.set, None);
    let mut lower = |to: i32, w: Why| {
        if to < level {
            level = to;
            why = Some(w);
        }
    };
    if trained {
        if let Some(v) = valid_until.filter(|v| now >= *v) {
            lower(LAPSED, Why::Expired(v));
        }
        if r.inactive_days > 0 {
            let since = f.last_read.map_or(f.set_at, |t| t.max(f.set_at));
            let periods = (now - since) / (r.inactive_days * DAY_MS);
            if periods > 0 {
                let to = i64::from(f.set).saturating_sub(periods).max(i64::from(LAPSED));
                lower(to as i32, Why::Decayed(since));
            }
        }
        let pending = f
            .released_at
            .is_some_and(|rel| rel > f.set_at && f.requalified_at.is_none_or(|q| q < rel));
        if f.set > REQUALIFY_CAP && pending {
            lower(REQUALIFY_CAP, Why::Requalify);
        }
        if f.temporary && r.temporary_max > 0 {
            lower(r.temporary_max, Why::Temporary);
        }
    }
    if let Some(until) = f.waiver_until.filter(|u| now < *u) {
        level = level.max(LAPSED);
        why = Some(Why::Waiver(until));
    }
    Effective { level, why, valid_until }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: i64 = 1_767_225_600_000; // 2026-01-01
    fn rules() -> Rules {
        Rules { valid_months: 24, inactive_days: 180, temporary_max: 2 }
    }
    fn four() -> Facts {
        Facts { set: 4, set_at: T0, ..Facts::default() }
    }

    #[test]
    fn expiry_decay_requalify_temporary_and_waiver() {
        let r = rules();
        let e = effective(&r, &four(), T0 + 179 * DAY_MS);
        assert_eq!((e.level, e.why), (4, None));
        assert_eq!(day(e.valid_until.unwrap()), "2028-01-01");
        let e = effective(&r, &four(), T0 + 180 * DAY_MS);
        assert_eq!((e.level, e.why), (3, Some(Why::Decayed(T0))));
        let read = Facts { last_read: Some(T0 + 100 * DAY_MS), ..four() };
        assert_eq!(effective(&r, &read, T0 + 200 * DAY_MS).level, 4);
        assert_eq!(effective(&r, &four(), T0 + 720 * DAY_MS).level, 1, "never below 1");
        let fresh = Rules { inactive_days: 0, ..r };
        let e = effective(&fresh, &four(), plus_months(T0, 24));
        assert_eq!((e.level, e.why.map(|w| w.code())), (1, Some("expired")));
        let released = Facts { released_at: Some(T0 + 1), ..four() };
        assert_eq!(effective(&r, &released, T0 + 2).why, Some(Why::Requalify));
        let requalified = Facts { requalified_at: Some(T0 + 5), ..released };
        assert_eq!(effective(&r, &requalified, T0 + 6).level, 4);
        let temp = Facts { temporary: true, ..four() };
        assert_eq!(effective(&r, &temp, T0).level, 2);
        let none = Facts { set: -1, waiver_until: Some(T0 + 10), ..Facts::default() };
        assert_eq!(effective(&r, &none, T0).level, 1);
        assert_eq!(effective(&r, &none, T0 + 10).level, -1, "the waiver has ended");
        assert_eq!(effective(&Rules::default(), &temp, T0 + 9999 * DAY_MS).level, 4);
    }
}
