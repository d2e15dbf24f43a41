//! `uploadS3`'s request, read from its body (decision 124): each field's verdict, in the
//! rules' types (the core's `RecordFields`: part number, change fields; the alert's type
//! and its dates here). The submit answers every error at once, the company's and the database's among
//! them (the file, zones, on behalf of, corrects: `submit::check`), so nothing here
//! refuses the request by itself. The OpenAPI document shows this type.
use chrono::DateTime;
use plantdoc_core::body::{text, FromBody, Verdict};
use plantdoc_core::error::{FieldErrors, Refusal};
use plantdoc_core::review::submit::RecordFields;
use plantdoc_core::{msg, text};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::model::TYPES;
use crate::submit::STEP_MS;

/// An alert's type and the letter of its tags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlertType(pub &'static str, pub char);

impl AlertType {
    pub fn parse(v: &str) -> Verdict<AlertType> {
        TYPES
            .iter()
            .find(|(t, _)| *t == v)
            .map(|(t, l)| AlertType(t, *l))
            .ok_or_else(|| text!("Please choose Change, Quality, Safety or New Part.").into())
    }
}

/// An effective or sunset time: a date and time on a quarter hour (ms since the epoch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuarterHour(pub i64);

impl QuarterHour {
    /// `v` (RFC 3339) or why not; `what` names it ("effective", "sunset").
    pub fn parse(v: &str, what: &str) -> Verdict<QuarterHour> {
        if v.is_empty() {
            return Err(msg!("Please choose the {what} date and time.").into());
        }
        let ms = DateTime::parse_from_rfc3339(v)
            .map_err(|_| Refusal::from(msg!("The {what} date is not a date and time.")))?
            .timestamp_millis();
        if ms % STEP_MS != 0 {
            return Err(
                msg!("The {what} time must be on a quarter hour (:00, :15, :30 or :45).").into()
            );
        }
        Ok(QuarterHour(ms))
    }
}

/// The pending upload the form names: `alertFile.serverId` (or `.id`).
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertFile {
    #[schema(value_type = String)]
    pub server_id: String,
}

/// The alert form.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmitForm {
    pub alert_file: AlertFile,
    /// Change, Quality, Safety or New Part
    #[schema(value_type = String)]
    pub alert_type: Verdict<AlertType>,
    /// RFC 3339, on a quarter hour
    #[schema(value_type = String)]
    pub effective_date: Verdict<QuarterHour>,
    /// RFC 3339, on a quarter hour, after the effective date and in the future
    #[schema(value_type = String)]
    pub sunset_date: Verdict<QuarterHour>,
    #[serde(flatten)]
    pub record: RecordFields,
}

impl FromBody for SubmitForm {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        let file = b.get("alertFile");
        let server_id = file
            .and_then(|f| f.get("serverId").or_else(|| f.get("id")))
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        Ok(SubmitForm {
            alert_file: AlertFile { server_id },
            alert_type: AlertType::parse(text(b, "alertType")),
            effective_date: QuarterHour::parse(text(b, "effectiveDate"), "effective"),
            sunset_date: QuarterHour::parse(text(b, "sunsetDate"), "sunset"),
            record: RecordFields::parse(b)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_and_quarter_hours() {
        assert_eq!(AlertType::parse("New Part").unwrap(), AlertType("New Part", 'N'));
        let why = "Please choose Change, Quality, Safety or New Part.";
        assert_eq!(AlertType::parse("Urgent").unwrap_err(), why);
        assert_eq!(AlertType::parse("").unwrap_err(), why);
        let at = QuarterHour::parse("2026-01-01T00:15:00Z", "effective").unwrap();
        assert_eq!(at.0 % STEP_MS, 0);
        let off = "The sunset time must be on a quarter hour (:00, :15, :30 or :45).";
        assert_eq!(QuarterHour::parse("2026-01-01T00:10:00Z", "sunset").unwrap_err(), off);
        let not = "The sunset date is not a date and time.";
        assert_eq!(QuarterHour::parse("next week", "sunset").unwrap_err(), not);
        let none = "Please choose the effective date and time.";
        assert_eq!(QuarterHour::parse("", "effective").unwrap_err(), none);
    }
}
