//! The users module's reads and writes of people: the `users` table, its SQL, the row and
//! its validation are the core's (`plantdoc_core::people`, `plantdoc_core::auth::users`).
use plantdoc_core::auth::users::{User, UserInput};
use plantdoc_core::people;
use plantdoc_core::text;
use plantdoc_core::AppError;
use sqlx::AnyConnection;

pub use plantdoc_core::people::{active, soft_delete};

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
    if people::op_no_taken(conn, &input.company_code, op_no, except_id).await? {
        return Err(AppError::field(
            "opNo",
            text!("This operator number is already used in this company."),
        ));
    }
    Ok(())
}
