//! The SQL of SCIM: which users it sees (a company's active users, and those SCIM itself
//! deactivated), and its own row per user (`scim_users`: externalId, deactivated).
use plantdoc_core::auth::users::{User, USER_COLUMNS};
use sqlx::{AnyConnection, Row};

use super::resource::Seen;

/// A user SCIM sees: of `company`, active or deactivated through SCIM.
const SEEN: &str = "from users left join scim_users on scim_users.user_id = users.id \
    where users.company_code = $1 and (users.disabled = 0 or scim_users.inactive = 1)";

/// What the list may filter on: none, or one attribute's exact value.
pub enum By {
    All,
    Id(String),
    UserName(String),
    ExternalId(String),
}

fn condition(by: &By) -> &'static str {
    match by {
        By::All => "",
        By::Id(_) => " AND users.id = $2",
        // userName is case-insensitive (RFC 7643 §4.1.1); e-mails are stored in lower case.
        By::UserName(_) => " AND users.email = LOWER($2)",
        By::ExternalId(_) => " AND scim_users.external_id = $2",
    }
}

fn value(by: &By) -> Option<&str> {
    match by {
        By::All => None,
        By::Id(v) | By::UserName(v) | By::ExternalId(v) => Some(v),
    }
}

fn seen(r: &sqlx::any::AnyRow) -> Result<Seen, sqlx::Error> {
    Ok(Seen {
        user: User::from_row(r)?,
        created: r.try_get("created_at")?,
        modified: r.try_get("updated_at")?,
        external_id: r.try_get("external_id")?,
    })
}

/// One page (`offset`, `limit`) of the users `by` selects, oldest first, and how many there are.
pub async fn page(
    conn: &mut AnyConnection,
    company: &str,
    by: &By,
    offset: i64,
    limit: i64,
) -> Result<(Vec<Seen>, i64), sqlx::Error> {
    let cond = condition(by);
    let cols =
        USER_COLUMNS.split(", ").map(|c| format!("users.{c}")).collect::<Vec<_>>().join(", ");
    let n = if value(by).is_some() { 3 } else { 2 };
    let sql = format!(
        "SELECT {cols}, users.created_at, users.updated_at, scim_users.external_id {SEEN}{cond} \
         ORDER BY users.created_at, users.id LIMIT ${n} OFFSET ${}",
        n + 1
    );
    let count_sql = format!("SELECT COUNT(*) {SEEN}{cond}");
    let mut q = sqlx::query(&sql).bind(company);
    let mut c = sqlx::query_scalar::<_, i64>(&count_sql).bind(company);
    if let Some(v) = value(by) {
        q = q.bind(v.to_string());
        c = c.bind(v.to_string());
    }
    let rows = q.bind(limit).bind(offset).fetch_all(&mut *conn).await?;
    let total = c.fetch_one(&mut *conn).await?;
    Ok((rows.iter().map(seen).collect::<Result<_, _>>()?, total))
}

/// The user with this id, if SCIM sees it in `company`.
pub async fn one(
    conn: &mut AnyConnection,
    company: &str,
    id: &str,
) -> Result<Option<Seen>, sqlx::Error> {
    Ok(page(conn, company, &By::Id(id.into()), 0, 1).await?.0.pop())
}

/// Records SCIM's facts about a user: its externalId (when the document names one) and
/// whether SCIM deactivated it.
pub async fn remember(
    conn: &mut AnyConnection,
    id: &str,
    external_id: Option<&str>,
    inactive: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO scim_users (user_id, external_id, inactive) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE SET external_id = COALESCE(excluded.external_id, scim_users.external_id), inactive = excluded.inactive",
    )
    .bind(id.to_string())
    .bind(external_id.map(str::to_string))
    .bind(i64::from(inactive))
    .execute(conn)
    .await?;
    Ok(())
}

/// Enables again a user SCIM deactivated (their sessions ended then; they sign in anew).
pub async fn enable(conn: &mut AnyConnection, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let deactivated = "SELECT user_id FROM scim_users WHERE inactive = 1";
    plantdoc_core::people::enable_among(conn, id, deactivated, now).await
}
