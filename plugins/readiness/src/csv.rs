//! The obligations as CSV: one row per obligation, names and dates as the page shows
//! them ('Mar-04-26 02:05pm', UTC), every field quoted and made inert for spreadsheets.
use crate::lists::Line;

pub const HEADER: [&str; 10] =
    ["Operator number", "Operator", "Kind", "Part number", "Revision", "Alert", "Reason", "Due date", "State", "Done date"];

fn date(ms: i64) -> String {
    chrono::DateTime::<chrono::Utc>::from_timestamp_millis(ms).map(|d| d.format("%b-%d-%y %I:%M%P").to_string()).unwrap_or_default()
}

fn field(s: &str) -> String {
    let inert = match s.chars().next() {
        Some('=' | '+' | '@' | '\t' | '\r') => format!("'{s}"),
        Some('-') if s.parse::<f64>().is_err() => format!("'{s}"),
        _ => s.to_string(),
    };
    format!("\"{}\"", inert.replace('"', "\"\""))
}

pub fn to_csv(rows: &[Line]) -> String {
    let line = |cells: Vec<String>| cells.iter().map(|c| field(c)).collect::<Vec<_>>().join(",") + "\r\n";
    let mut out = line(HEADER.iter().map(|s| s.to_string()).collect());
    for r in rows {
        out.push_str(&line(vec![
            r.op_no.clone(),
            r.full_name.clone(),
            if r.kind == "swp" { "SWP".into() } else { "Alert".into() },
            r.part_number.clone(),
            r.revision.map(|v| v.to_string()).unwrap_or_default(),
            r.alert_tag.clone().unwrap_or_default(),
            r.reason.clone(),
            date(r.due),
            r.state.clone(),
            r.done.map(date).unwrap_or_default(),
        ]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_as_the_page_shows_them_and_inert_fields() {
        assert_eq!(date(1_767_225_600_000 + 14 * 3_600_000 + 5 * 60_000), "Jan-01-26 02:05pm");
        assert_eq!(field("=SUM(A1)"), "\"'=SUM(A1)\"");
        assert_eq!(field("a\"b"), "\"a\"\"b\"");
    }
}
