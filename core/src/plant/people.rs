//! What modules read and write of people. The `users` and `sessions` tables are the
//! core's: a module asks here by company, position and zone, and a query that must stay
//! one statement (a list joined to its people, a kiosk read) takes its `users` part from
//! [`sql`] (decision 119).
use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use super::users::{Department, Position, User, USER_COLUMNS};
use super::zones;
use crate::data::db::Params;

/// Who signs as the operator at the kiosk, as SQL over `users u` (the rule of
/// `acks::signs_as_operator`): an active operator or OJT trainee with a badge, never a
/// kiosk account.
pub const SIGNS_AS_OPERATOR_SQL: &str =
    "u.position IN ('operator', 'ojt') AND u.badge IS NOT NULL AND u.kiosk = 0 AND u.disabled = 0";

/// The `users` part of a module's query that stays one statement: the table is named only
/// here; a module reads the person's `id`, `op_no`, `firstname`, `lastname`, `zones`,
/// `position` and `company_code` through the alias it chose.
pub mod sql {
    /// `JOIN users <alias> ON <alias>.id = <on>`: a row joined to its person.
    pub fn join(alias: &str, on: &str) -> String {
        format!("JOIN users {alias} ON {alias}.id = {on}")
    }
    /// `LEFT JOIN users <alias> ON <alias>.id = <on>`: a row and its person, if any.
    pub fn left_join(alias: &str, on: &str) -> String {
        format!("LEFT JOIN users {alias} ON {alias}.id = {on}")
    }
    /// `FROM users <alias>`: every person, to filter and join from.
    pub fn from(alias: &str) -> String {
        format!("FROM users {alias}")
    }
}

/// A person as lists and audit rows name them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub id: String,
    pub op_no: Option<String>,
    pub firstname: String,
    pub lastname: String,
}

impl Named {
    fn from_row(r: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: r.try_get("id")?,
            op_no: r.try_get("op_no")?,
            firstname: r.try_get("firstname")?,
            lastname: r.try_get("lastname")?,
        })
    }
    pub fn full_name(&self) -> String {
        format!("{} {}", self.firstname, self.lastname)
    }
}

/// People by id (one query for a whole list); an unknown id is left out.
pub async fn named(
    conn: &mut AnyConnection,
    ids: impl IntoIterator<Item = String>,
) -> Result<HashMap<String, Named>, sqlx::Error> {
    let mut q = Params::default();
    let list = q.list(ids);
    if list.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = format!("SELECT id, op_no, firstname, lastname FROM users WHERE id IN ({list})");
    let rows = q.query(&sql).fetch_all(conn).await?;
    rows.iter().map(|r| Named::from_row(r).map(|n| (n.id.clone(), n))).collect()
}

/// One person by id, whatever their position or state now (an audit row's person).
pub async fn named_one(conn: &mut AnyConnection, id: &str) -> Result<Option<Named>, sqlx::Error> {
    let row = sqlx::query("SELECT id, op_no, firstname, lastname FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(Named::from_row).transpose()
}

/// Operators with an operator number (a training matrix's rows): active, position
/// operator.
const NUMBERED_OPERATOR: &str =
    "position = 'operator' AND op_no IS NOT NULL AND op_no <> '' AND disabled = 0";

/// The numbered operators of `company`, by number, at most `cap`.
pub async fn numbered_operators(
    conn: &mut AnyConnection,
    company: &str,
    cap: i64,
) -> Result<Vec<Named>, sqlx::Error> {
    let sql = format!(
        "SELECT id, op_no, firstname, lastname FROM users WHERE company_code = $1 AND {NUMBERED_OPERATOR} ORDER BY op_no, id LIMIT {cap}"
    );
    let rows = sqlx::query(&sql).bind(company).fetch_all(conn).await?;
    rows.iter().map(Named::from_row).collect()
}

/// `id` if it is a numbered operator of `company`.
pub async fn numbered_operator(
    conn: &mut AnyConnection,
    company: &str,
    id: &str,
) -> Result<Option<Named>, sqlx::Error> {
    let sql = format!("SELECT id, op_no, firstname, lastname FROM users WHERE company_code = $1 AND id = $2 AND {NUMBERED_OPERATOR}");
    let row = sqlx::query(&sql).bind(company).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(Named::from_row).transpose()
}

/// A person and their zones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub id: String,
    pub zones: Vec<String>,
}

fn zones_of(r: &sqlx::any::AnyRow) -> Result<Vec<String>, sqlx::Error> {
    Ok(serde_json::from_str(&r.try_get::<String, _>("zones")?).unwrap_or_default())
}

/// The active people of `company` at `position` (never a kiosk account), with their zones.
pub async fn at_position(
    conn: &mut AnyConnection,
    company: &str,
    position: Position,
) -> Result<Vec<Placed>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, zones FROM users WHERE company_code = $1 AND position = $2 AND disabled = 0 AND kiosk = 0 ORDER BY id",
    )
    .bind(company)
    .bind(position.as_str())
    .fetch_all(conn)
    .await?;
    rows.iter().map(|r| Ok(Placed { id: r.try_get("id")?, zones: zones_of(r)? })).collect()
}

/// The ids of the active people of `company` in `department` at one of `positions`.
pub async fn in_department(
    conn: &mut AnyConnection,
    company: &str,
    department: Department,
    positions: &[Position],
) -> Result<Vec<String>, sqlx::Error> {
    let mut q = Params::default();
    let (c, d) = (q.add(company.to_string()), q.add(department.as_str().to_string()));
    let list = q.list(positions.iter().map(|p| p.as_str().to_string()));
    let sql = format!("SELECT id FROM users WHERE company_code = {c} AND department = {d} AND position IN ({list}) AND disabled = 0");
    q.query(&sql).fetch_all(conn).await?.iter().map(|r| r.try_get("id")).collect()
}

/// The active people of every company at one of `positions` (never a kiosk account), by
/// id: whom a daily round tells.
pub async fn leads(
    conn: &mut AnyConnection,
    positions: &[Position],
) -> Result<Vec<User>, sqlx::Error> {
    let mut q = Params::default();
    let list = q.list(positions.iter().map(|p| p.as_str().to_string()));
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE disabled = 0 AND kiosk = 0 AND position IN ({list}) ORDER BY id");
    q.query(&sql).fetch_all(conn).await?.iter().map(User::from_row).collect()
}

/// The ids of the people of `company` who sign as operators, whose zones meet `zone_list`,
/// by id.
pub async fn operators_in(
    conn: &mut AnyConnection,
    company: &str,
    zone_list: &[String],
) -> Result<Vec<String>, sqlx::Error> {
    let sql = format!("SELECT u.id, u.zones FROM users u WHERE u.company_code = $1 AND {SIGNS_AS_OPERATOR_SQL} ORDER BY u.id");
    let mut out = Vec::new();
    for r in sqlx::query(&sql).bind(company).fetch_all(conn).await? {
        if zones::overlap(&zones_of(&r)?, zone_list) {
            out.push(r.try_get("id")?);
        }
    }
    Ok(out)
}

/// Whether `id` signs as an operator of `company` (the kiosk's "unknown operator").
pub async fn signs_as_operator(
    conn: &mut AnyConnection,
    company: &str,
    id: &str,
) -> Result<bool, sqlx::Error> {
    let sql = format!(
        "SELECT COUNT(*) FROM users u WHERE u.id = $1 AND u.company_code = $2 AND {SIGNS_AS_OPERATOR_SQL}"
    );
    let n: i64 = sqlx::query_scalar(&sql).bind(id).bind(company).fetch_one(conn).await?;
    Ok(n > 0)
}

/// The language a person reads the app in.
pub async fn set_lang(
    conn: &mut AnyConnection,
    id: &str,
    lang: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET lang = $1, updated_at = $2 WHERE id = $3")
        .bind(lang)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Soft delete: the row stays (signatures, approvals and audit rows keep their person);
/// the account is disabled, its badge freed for someone else, and every session and
/// reset link of it ends now. False when it was already disabled.
pub async fn soft_delete(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE users SET disabled = 1, badge = NULL, updated_at = $1 WHERE id = $2 AND disabled = 0")
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM password_resets WHERE user_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(true)
}

/// Active (not deleted) users of `company` (every company: `None`), by full name.
pub async fn active(
    conn: &mut AnyConnection,
    company: Option<&str>,
) -> Result<Vec<User>, sqlx::Error> {
    let of_company = if company.is_some() { "AND company_code = $1" } else { "" };
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE disabled = 0 {of_company} ORDER BY LOWER(firstname), LOWER(lastname), id");
    let mut q = sqlx::query(&sql);
    if let Some(c) = company {
        q = q.bind(c);
    }
    q.fetch_all(conn).await?.iter().map(User::from_row).collect()
}

/// Whether an active user of `company` other than `except_id` has operator number `op_no`.
pub async fn op_no_taken(
    conn: &mut AnyConnection,
    company: &str,
    op_no: &str,
    except_id: &str,
) -> Result<bool, sqlx::Error> {
    let taken = sqlx::query(
        "SELECT id FROM users WHERE company_code = $1 AND op_no = $2 AND disabled = 0 AND id <> $3",
    )
    .bind(company)
    .bind(op_no)
    .bind(except_id)
    .fetch_optional(conn)
    .await?;
    Ok(taken.is_some())
}

/// What the kiosk shows of a badge's holder (every scan asks: only these columns).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadgeHolder {
    pub named: Named,
    /// The stored position's name.
    pub position: String,
    pub lang: String,
}

/// The active person of `company` with this badge (`users::BY_BADGE`).
pub async fn badge_holder(
    conn: &mut AnyConnection,
    badge: &str,
    company: &str,
) -> Result<Option<BadgeHolder>, sqlx::Error> {
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "SELECT id, op_no, firstname, lastname, position, lang FROM users WHERE {}",
            super::users::BY_BADGE
        )
    });
    let row = sqlx::query(SQL.as_str()).bind(badge).bind(company).fetch_optional(conn).await?;
    let Some(r) = row else { return Ok(None) };
    Ok(Some(BadgeHolder {
        named: Named::from_row(&r)?,
        position: r.try_get("position")?,
        lang: r.try_get("lang")?,
    }))
}

/// Enables again a disabled person among `among` (a subquery of user ids over the
/// caller's tables, e.g. SCIM's deactivated); false when nothing changed.
pub async fn enable_among(
    conn: &mut AnyConnection,
    id: &str,
    among: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let sql = format!(
        "UPDATE users SET disabled = 0, updated_at = $1 WHERE id = $2 AND disabled = 1 AND id IN ({among})"
    );
    let done = sqlx::query(&sql).bind(now).bind(id).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// The active people of `company` with a badge, never a kiosk account, by id (the kiosk's
/// offline pack: who may sign or verify there; one statement).
pub async fn badge_holders(
    conn: &mut AnyConnection,
    company: &str,
) -> Result<Vec<User>, sqlx::Error> {
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE company_code = $1 AND badge IS NOT NULL AND disabled = 0 AND kiosk = 0 ORDER BY id");
    sqlx::query(&sql).bind(company).fetch_all(conn).await?.iter().map(User::from_row).collect()
}
