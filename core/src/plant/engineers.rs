//! The upload forms' on-behalf-of choice: the process engineers of a company.
use serde_json::Value;
use sqlx::Row;

use super::users::{find_by_id, User};
use crate::base::error::Refusal;
use crate::msg;

/// `{"_id", "firstname", "lastname"}` (a person in a list of names).
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct PersonName {
    #[serde(rename = "_id")]
    pub id: String,
    pub firstname: String,
    pub lastname: String,
}

/// The process engineers of `company` but `except` (the caller; 'Myself' is the upload
/// forms' own option), as the forms' on-behalf-of list: `[{_id, firstname, lastname}]`.
pub async fn process_engineers(
    db: &crate::data::db::Db,
    company: &str,
    except: &str,
) -> Result<Vec<PersonName>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, firstname, lastname FROM users WHERE company_code = $1 AND position = 'engineer' AND department = 'process' \
         AND disabled = 0 AND id <> $2 ORDER BY lastname, firstname, id",
    )
    .bind(company)
    .bind(except)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(PersonName {
                id: r.try_get("id")?,
                firstname: r.try_get("firstname")?,
                lastname: r.try_get("lastname")?,
            })
        })
        .collect()
}

/// An upload form's `onBehalfOf`: `None` for oneself (absent, empty, CURRENT_USER,
/// 'Myself' or one's own id); an enabled process engineer of the caller's company
/// otherwise; else the message for the field.
pub async fn on_behalf_of(
    db: &crate::data::db::Db,
    user: &User,
    v: Option<&Value>,
) -> Result<Option<User>, Refusal> {
    let id = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s))
            if s.is_empty() || s == "CURRENT_USER" || s == "Myself" || *s == user.id =>
        {
            return Ok(None)
        }
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(msg!("Please select a process engineer.").into()),
    };
    let mut conn = db.pool.acquire().await.map_err(|_| msg!("Please try again."))?;
    match find_by_id(&mut conn, &id).await {
        Ok(Some(u))
            if u.company_code == user.company_code && u.is_process_engineer() && !u.disabled =>
        {
            Ok(Some(u))
        }
        Ok(_) => Err(msg!("Please select a process engineer of your company.").into()),
        Err(_) => Err(msg!("Please try again.").into()),
    }
}
