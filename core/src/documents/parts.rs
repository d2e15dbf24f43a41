//! The part catalogue: one row per company + part number with a stable id and a
//! description. SWP and alert uploads and the demo seed feed it; the kiosk's part search,
//! training's part list and alerts name parts by this id.
use sqlx::{AnyConnection, Row};

use crate::data::db::Db;
use crate::error::Refusal;
use crate::text;

/// The longest part number an upload form takes.
pub const MAX_NUMBER_CHARS: usize = 40;

// The rule lives in the type (decision 124); its doc comment is the OpenAPI description.
/// A part number: 1 to 40 letters, digits, spaces and - _ . / (trimmed, upper-cased).
#[derive(Debug, Clone, PartialEq, Eq, utoipa::ToSchema)]
#[schema(value_type = String, example = "7300-C")]
pub struct PartNumber(String);

impl PartNumber {
    /// The part number `v` names, or why not.
    pub fn parse(v: &str) -> Result<Self, Refusal> {
        let s = v.trim().to_uppercase();
        if s.is_empty() {
            return Err(text!("Please enter the part number.").into());
        }
        if s.chars().count() > MAX_NUMBER_CHARS
            || !s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./ ".contains(c))
        {
            return Err(format!(
                "A part number has at most {MAX_NUMBER_CHARS} letters, digits, spaces and - _ . /"
            )
            .into());
        }
        Ok(Self(s))
    }

    /// A body's field: a string parsed as above (anything else reads as empty).
    pub fn of(v: Option<&serde_json::Value>) -> Result<Self, Refusal> {
        Self::parse(v.and_then(serde_json::Value::as_str).unwrap_or(""))
    }
}

impl std::ops::Deref for PartNumber {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<PartNumber> for String {
    fn from(p: PartNumber) -> String {
        p.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Part {
    pub id: String,
    pub company_code: String,
    pub part_number: String,
    pub description: String,
}

impl Part {
    fn from_row(r: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: r.try_get("id")?,
            company_code: r.try_get("company_code")?,
            part_number: r.try_get("part_number")?,
            description: r.try_get("description")?,
        })
    }
}

/// The part's id, adding it to the catalogue if new (inside the caller's transaction).
pub async fn ensure(
    conn: &mut AnyConnection,
    company: &str,
    part_number: &str,
    description: &str,
    now_ms: i64,
) -> Result<String, sqlx::Error> {
    sqlx::query(
        "INSERT INTO parts (id, part_number, description, company_code, created_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (company_code, part_number) DO NOTHING",
    )
    .bind(crate::data::db::new_id())
    .bind(part_number)
    .bind(description)
    .bind(company)
    .bind(now_ms)
    .execute(&mut *conn)
    .await?;
    sqlx::query("SELECT id FROM parts WHERE company_code = $1 AND part_number = $2")
        .bind(company)
        .bind(part_number)
        .fetch_one(&mut *conn)
        .await?
        .try_get("id")
}

pub async fn find(db: &Db, id: &str) -> Result<Option<Part>, sqlx::Error> {
    let row =
        sqlx::query("SELECT id, company_code, part_number, description FROM parts WHERE id = $1")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
    row.as_ref().map(Part::from_row).transpose()
}

pub async fn find_by_number(
    db: &Db,
    company: &str,
    part_number: &str,
) -> Result<Option<Part>, sqlx::Error> {
    let row = sqlx::query("SELECT id, company_code, part_number, description FROM parts WHERE company_code = $1 AND part_number = $2")
        .bind(company)
        .bind(part_number)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(Part::from_row).transpose()
}

/// A company's parts whose number starts with `prefix` (bytewise, so indexed on both
/// databases), by part number.
pub async fn search(
    db: &Db,
    company: &str,
    prefix: &str,
    limit: i64,
) -> Result<Vec<Part>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, company_code, part_number, description FROM parts WHERE company_code = $1 AND part_number >= $2 AND part_number < $3 \
         ORDER BY part_number LIMIT $4",
    )
    .bind(company)
    .bind(prefix)
    .bind(format!("{prefix}\u{10FFFF}"))
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(Part::from_row).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upload_forms_part_numbers() {
        assert_eq!(&*PartNumber::parse("  ab-12/c.d_e f ").unwrap(), "AB-12/C.D_E F");
        let why = |v: &str| String::from(PartNumber::parse(v).unwrap_err());
        assert_eq!(why("   "), "Please enter the part number.");
        let long = "A part number has at most 40 letters, digits, spaces and - _ . /";
        assert_eq!(why(&"x".repeat(41)), long);
        assert_eq!(why("AB#1"), long);
        assert!(PartNumber::parse(&"x".repeat(40)).is_ok());
        // A body's field that is not a string reads as empty.
        let field = |v: serde_json::Value| PartNumber::of(Some(&v)).map(String::from);
        assert_eq!(field(serde_json::json!(" p-1")).unwrap(), "P-1");
        assert_eq!(
            String::from(field(serde_json::json!(7)).unwrap_err()),
            "Please enter the part number."
        );
        assert!(PartNumber::of(None).is_err());
    }
}
