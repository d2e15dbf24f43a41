//! The obligations as CSV: one row per obligation, names as the page shows them, dates in
//! UTC as ISO 8601 ('2026-03-04 14:05', so a spreadsheet sorts them; the header says UTC),
//! every field quoted and made inert for spreadsheets.
use crate::lists::Line;

pub const HEADER: [&str; 10] = [
    "Operator number",
    "Operator",
    "Kind",
    "Part number",
    "Revision",
    "Alert",
    "Reason",
    "Due date (UTC)",
    "State",
    "Done date (UTC)",
];

fn date(ms: i64) -> String {
    chrono::DateTime::<chrono::Utc>::from_timestamp_millis(ms)
        .map(|d| d.format("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_default()
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
    let line =
        |cells: Vec<String>| cells.iter().map(|c| field(c)).collect::<Vec<_>>().join(",") + "\r\n";
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
    fn sortable_dates_and_inert_fields() {
        assert_eq!(date(1_767_225_600_000 + 14 * 3_600_000 + 5 * 60_000), "2026-01-01 14:05");
        assert_eq!(field("=SUM(A1)"), "\"'=SUM(A1)\"");
        assert_eq!(field("a\"b"), "\"a\"\"b\"");
    }
}
