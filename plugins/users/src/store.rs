//! The users module's SQL over the core's `users` table (the row and its validation are
//! the core's: `plantdoc_core::auth::users`).
use plantdoc_core::auth::users::{User, UserInput, USER_COLUMNS};
use plantdoc_core::text;
use plantdoc_core::AppError;
use sqlx::AnyConnection;

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
    let rows = q.fetch_all(conn).await?;
    rows.iter().map(User::from_row).collect()
}

/// An active user by e-mail.
pub async fn active_by_email(
    conn: &mut AnyConnection,
    email: &str,
) -> Result<Option<User>, sqlx::Error> {
    let u = plantdoc_core::auth::users::find_by_email(conn, email).await?;
    Ok(u.filter(|u| !u.disabled))
}

/// Operator numbers are unique per company among active users.
pub async fn check_op_no(
    conn: &mut AnyConnection,
    input: &UserInput,
    except_id: &str,
) -> Result<(), AppError> {
    let Some(op_no) = &input.op_no else { return Ok(()) };
    let taken = sqlx::query(
        "SELECT id FROM users WHERE company_code = $1 AND op_no = $2 AND disabled = 0 AND id <> $3",
    )
    .bind(&input.company_code)
    .bind(op_no)
    .bind(except_id)
    .fetch_optional(conn)
    .await?;
    match taken {
        Some(_) => Err(AppError::field(
            "opNo",
            text!("This operator number is already used in this company."),
        )),
        None => Ok(()),
    }
}

/// Soft delete: the row stays (signatures, approvals and audit rows keep their person);
/// the account is disabled, its badge freed for someone else, and every session and
/// reset link of it ends now.
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
