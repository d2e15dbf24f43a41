//! Signature PINs (decision 63): the second identification component of a kiosk
//! signature in `badge+pin` mode, 4 to 8 digits. Hashed with argon2id like passwords
//! (the same bounded hashing, `password::hash`), never kept in clear, never logged and
//! never answered except the one-time PIN a manager issues, once. A person sets their
//! own (Settings → Account, or the CLI); a one-time PIN must be replaced at its first
//! use (at the kiosk). Who may set or issue, and the slowing of a netbook's wrong PINs,
//! are the callers'; this file keeps the rows, the checks and each person's count of
//! wrong tries, which locks their PIN at the fifth (security decision 92).
use crate::text;
use sqlx::{AnyConnection, Row};

use crate::app::auth::password;
use crate::app::AppState;
use crate::base::error::AppError;
use crate::data::audit::{self, AuditEntry};
use crate::plant::users::User;

pub const MIN_LEN: usize = 4;
pub const MAX_LEN: usize = 8;

pub const FORMAT: &str = text!("A PIN is 4 to 8 digits.");
pub const TOO_SIMPLE: &str = text!("This PIN is too easy to guess (one digit repeated, or a run like 1234). Please choose another.");
pub const LIKE_BADGE: &str =
    text!("A PIN cannot be your badge or operator number. Please choose another.");

/// Checks a PIN that is being set: 4 to 8 ASCII digits, not one digit repeated nor a
/// run up or down.
pub fn check_new(pin: &str) -> Result<(), &'static str> {
    check_format(pin)?;
    let d: Vec<i16> = pin.bytes().map(|b| i16::from(b - b'0')).collect();
    let steps: Vec<i16> = d.windows(2).map(|w| w[1] - w[0]).collect();
    if steps.iter().all(|s| *s == 0)
        || steps.iter().all(|s| *s == 1)
        || steps.iter().all(|s| *s == -1)
    {
        return Err(TOO_SIMPLE);
    }
    Ok(())
}

/// Checks a PIN that `user` is given or chooses: [`check_new`], and not their badge nor
/// their operator number (its digits: "OP1001" is refused as 1001), which others can read
/// off their badge or a sheet.
pub fn check_for(user: &User, pin: &str) -> Result<(), &'static str> {
    check_new(pin)?;
    let op_digits: Option<String> =
        user.op_no.as_deref().map(|o| o.chars().filter(char::is_ascii_digit).collect());
    let same = |known: Option<&str>| known.is_some_and(|k| !k.is_empty() && k.trim() == pin);
    if same(user.badge.as_deref()) || same(user.op_no.as_deref()) || same(op_digits.as_deref()) {
        return Err(LIKE_BADGE);
    }
    Ok(())
}

/// 4 to 8 ASCII digits.
pub fn check_format(pin: &str) -> Result<(), &'static str> {
    if (MIN_LEN..=MAX_LEN).contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit()) {
        Ok(())
    } else {
        Err(FORMAT)
    }
}

/// A random one-time PIN of 6 digits that passes [`check_new`].
pub fn one_time() -> String {
    loop {
        let mut buf = [0u8; 6];
        getrandom::fill(&mut buf).expect("randomness");
        // 250 is the largest multiple of 10 below 256: no digit is likelier than another.
        if buf.iter().any(|b| *b >= 250) {
            continue;
        }
        let pin: String = buf.iter().map(|b| char::from(b'0' + b % 10)).collect();
        if check_new(&pin).is_ok() {
            return pin;
        }
    }
}

/// A person's stored PIN.
#[derive(Debug, Clone)]
pub struct StoredPin {
    pub hash: String,
    /// Issued by a manager: must be replaced at its first use.
    pub one_time: bool,
}

pub async fn stored(state: &AppState, user_id: &str) -> Result<Option<StoredPin>, sqlx::Error> {
    let row = sqlx::query("SELECT pin_hash, one_time FROM user_pins WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&state.db.pool)
        .await?;
    row.map(|r| {
        Ok(StoredPin {
            hash: r.try_get("pin_hash")?,
            one_time: r.try_get::<i64, _>("one_time")? != 0,
        })
    })
    .transpose()
}

/// Every PIN's state by person, for Manage Users: `one-time` (issued, not yet replaced),
/// `locked` (after wrong tries) or `set`. A person without a PIN has no entry.
pub async fn states(
    state: &AppState,
) -> Result<std::collections::HashMap<String, &'static str>, sqlx::Error> {
    let rows = sqlx::query("SELECT user_id, one_time, locked_at FROM user_pins")
        .fetch_all(&state.db.pool)
        .await?;
    let mut out = std::collections::HashMap::with_capacity(rows.len());
    for r in rows {
        let locked = r.try_get::<Option<i64>, _>("locked_at")?.is_some();
        let one_time = r.try_get::<i64, _>("one_time")? != 0;
        out.insert(
            r.try_get("user_id")?,
            if locked {
                "locked"
            } else if one_time {
                "one-time"
            } else {
                "set"
            },
        );
    }
    Ok(out)
}

/// Whether the person has a PIN (one-time or their own, locked or not).
pub async fn exists(state: &AppState, user_id: &str) -> Result<bool, sqlx::Error> {
    let has: Option<i64> = sqlx::query_scalar("SELECT 1 FROM user_pins WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&state.db.pool)
        .await?;
    Ok(has.is_some())
}

/// Whether `pin` is the stored one (argon2id, bounded like passwords).
pub async fn matches(state: &AppState, pin: &str, stored: &StoredPin) -> Result<bool, AppError> {
    if check_format(pin).is_err() {
        return Ok(false);
    }
    password::verify(state, pin, Some(&stored.hash)).await
}

/// Wrong tries that lock a PIN until a new one is set (security decision 92).
pub const MAX_MISSES: i64 = 5;

/// A try of a person's PIN, counted before the PIN is hashed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Try {
    /// The try's place among the tries since the last right PIN (1 to [`MAX_MISSES`]).
    Counted(i64),
    /// Five tries were wrong, or are being checked now: no PIN of the person is checked.
    Locked,
    /// The person has no PIN.
    NoPin,
}

/// Takes a try of `user_id`'s PIN: counted in the database before any hashing, so parallel
/// tries each take a place and those past the fifth are refused, on every instance.
pub async fn take_try(state: &AppState, user_id: &str) -> Result<Try, sqlx::Error> {
    let place: Option<i64> = sqlx::query_scalar(
        "UPDATE user_pins SET misses = misses + 1 WHERE user_id = $1 AND locked_at IS NULL AND misses < $2 RETURNING misses",
    )
    .bind(user_id)
    .bind(MAX_MISSES)
    .fetch_optional(&state.db.pool)
    .await?;
    if let Some(place) = place {
        return Ok(Try::Counted(place));
    }
    let has: Option<i64> = sqlx::query_scalar("SELECT 1 FROM user_pins WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&state.db.pool)
        .await?;
    Ok(if has.is_some() { Try::Locked } else { Try::NoPin })
}

/// A right PIN at `place`: that try and every one counted before it are forgotten (tries
/// counted after it, in parallel, stay).
pub async fn right_try(state: &AppState, user_id: &str, place: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE user_pins SET misses = CASE WHEN misses > $2 THEN misses - $2 ELSE 0 END WHERE user_id = $1 AND locked_at IS NULL")
        .bind(user_id)
        .bind(place)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// A wrong PIN at `place`: the fifth locks the PIN. `true` when this call locked it; the
/// caller then audits and tells in the same transaction.
pub async fn wrong_try(
    conn: &mut AnyConnection,
    user_id: &str,
    place: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    if place < MAX_MISSES {
        return Ok(false);
    }
    let r = sqlx::query("UPDATE user_pins SET locked_at = $2 WHERE user_id = $1 AND locked_at IS NULL AND misses >= $3")
        .bind(user_id)
        .bind(now)
        .bind(MAX_MISSES)
        .execute(conn)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// Stores `hash` as the person's PIN inside the caller's transaction (replacing one, and
/// with it its count of wrong tries and its lock).
pub async fn store(
    conn: &mut AnyConnection,
    user_id: &str,
    hash: &str,
    one_time: bool,
    by: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO user_pins (user_id, pin_hash, one_time, set_at, set_by) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (user_id) DO UPDATE SET pin_hash = excluded.pin_hash, one_time = excluded.one_time, \
         set_at = excluded.set_at, set_by = excluded.set_by, misses = 0, locked_at = NULL",
    )
    .bind(user_id)
    .bind(hash)
    .bind(i64::from(one_time))
    .bind(now)
    .bind(by)
    .execute(conn)
    .await?;
    Ok(())
}

/// Who sets a PIN, for the audit row: the person, a manager, or the CLI.
pub enum SetBy<'a> {
    Owner,
    Manager(&'a User),
    Cli,
}

/// Hashes and stores `pin` (already checked) as `user`'s PIN, audited in the same
/// transaction (the PIN itself is never in the audit row).
pub async fn set(state: &AppState, user: &User, pin: &str, by: SetBy<'_>) -> Result<(), AppError> {
    let hash = password::hash(state, pin).await?;
    let mut tx = state.db.begin().await?;
    set_in(&mut tx, user, &hash, by, state.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// Stores `hash` (of a checked PIN) as `user`'s PIN with its audit row, inside the
/// caller's transaction (a manager's zone sheet sets many in one).
pub async fn set_in(
    conn: &mut AnyConnection,
    user: &User,
    hash: &str,
    by: SetBy<'_>,
    now: i64,
) -> Result<(), AppError> {
    let (one_time, meaning, actor_id, actor) = match by {
        SetBy::Owner => {
            (false, "signature PIN set by its owner", Some(user.id.clone()), user.full_name())
        }
        SetBy::Manager(m) => {
            (true, "one-time signature PIN issued by a manager", Some(m.id.clone()), m.full_name())
        }
        SetBy::Cli => (false, "signature PIN set from the command line", None, "cli".to_string()),
    };
    let was_locked: Option<Option<i64>> =
        sqlx::query_scalar("SELECT locked_at FROM user_pins WHERE user_id = $1")
            .bind(&user.id)
            .fetch_optional(&mut *conn)
            .await?;
    // A new PIN ends a lock: the audit row says so.
    let unlocked = matches!(was_locked, Some(Some(_)));
    store(&mut *conn, &user.id, hash, one_time, actor_id.as_deref().unwrap_or("cli"), now).await?;
    let entry = AuditEntry::new("auth.pin_set", format!("user:{}", user.id), meaning)
        .by(actor_id.as_deref(), &actor)
        .after(serde_json::json!({"oneTime": one_time, "unlocked": unlocked}));
    audit::append(conn, now, &entry).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_is_four_to_eight_digits_not_trivial() {
        for ok in ["2580", "90210", "13572468", "1243"] {
            assert_eq!(check_new(ok), Ok(()), "{ok}");
        }
        for bad in ["", "123", "123456789", "12a4", " 2580", "２５８０"] {
            assert_eq!(check_new(bad), Err(FORMAT), "{bad:?}");
        }
        for simple in ["0000", "1234", "98765", "23456789"] {
            assert_eq!(check_new(simple), Err(TOO_SIMPLE), "{simple}");
        }
    }

    #[test]
    fn a_pin_is_not_the_persons_badge_nor_operator_number() {
        use crate::plant::users::{Department, Position};
        let mut u = User::sketch("op", "mpk", Position::Operator, Department::Production, &["A1"]);
        u.badge = Some("58213".into());
        u.op_no = Some("OP4719".into());
        assert_eq!(check_for(&u, "58213"), Err(LIKE_BADGE));
        assert_eq!(check_for(&u, "4719"), Err(LIKE_BADGE), "the operator number's digits");
        assert_eq!(check_for(&u, "4321"), Err(TOO_SIMPLE));
        assert_eq!(check_for(&u, "582139"), Ok(()));
        u.op_no = Some("6084".into());
        assert_eq!(check_for(&u, "6084"), Err(LIKE_BADGE));
    }

    #[test]
    fn one_time_pins_are_six_digits_and_vary() {
        let pins: std::collections::HashSet<String> = (0..50).map(|_| one_time()).collect();
        assert!(pins.iter().all(|p| p.len() == 6 && check_new(p).is_ok()));
        assert!(pins.len() > 40, "random: {}", pins.len());
    }
}
