//! The island's SQL: badge lookups (through the core's users service) and the answers
//! already given per idempotency key.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::{self, User};
use plantdoc_core::people;
use serde_json::Value;
use sqlx::{AnyConnection, Row};

pub async fn by_badge(
    state: &AppState,
    badge: &str,
    company: &str,
) -> Result<Option<User>, sqlx::Error> {
    let mut conn = state.db.pool.acquire().await?;
    users::find_by_badge(&mut conn, badge, company).await
}

/// The spec's Operator (`_id, opNo, fullName, position, companyCode`) of the active
/// person of `company` with this badge, as JSON bytes (only those columns are read:
/// every scan asks it).
pub async fn operator_by_badge(
    state: &AppState,
    badge: &str,
    company: &str,
) -> Result<Option<Vec<u8>>, sqlx::Error> {
    let mut conn = state.db.reader().await?;
    let Some(h) = people::badge_holder(&mut conn, badge, company).await? else { return Ok(None) };
    #[derive(serde::Serialize)]
    struct Operator<'a> {
        #[serde(rename = "_id")]
        id: String,
        #[serde(rename = "opNo")]
        op_no: Option<String>,
        #[serde(rename = "fullName")]
        full_name: String,
        position: String,
        #[serde(rename = "companyCode")]
        company_code: &'a str,
        /// The operator's language: the kiosk speaks it until Sign Out.
        lang: String,
    }
    let op = Operator {
        full_name: h.named.full_name(),
        id: h.named.id,
        op_no: h.named.op_no,
        position: h.position,
        company_code: company,
        lang: h.lang,
    };
    serde_json::to_vec(&op).map(Some).map_err(|e| sqlx::Error::Decode(e.into()))
}

pub async fn by_id(state: &AppState, id: &str) -> Result<Option<User>, sqlx::Error> {
    let mut conn = state.db.pool.acquire().await?;
    users::find_by_id(&mut conn, id).await
}

/// A request an idempotency key first carried: who sent which kind of request about
/// what (`fingerprint`), and the answer given.
pub struct Answered {
    pub kind: String,
    pub kiosk_user_id: String,
    pub fingerprint: String,
    pub answer: Value,
}

/// The request recorded for `key`.
pub async fn answered(state: &AppState, key: &str) -> Result<Option<Answered>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT kind, kiosk_user_id, fingerprint, answer FROM island_requests WHERE idem_key = $1",
    )
    .bind(key)
    .fetch_optional(&state.db.pool)
    .await?;
    let Some(r) = row else { return Ok(None) };
    let answer: String = r.try_get("answer")?;
    Ok(Some(Answered {
        kind: r.try_get("kind")?,
        kiosk_user_id: r.try_get("kiosk_user_id")?,
        fingerprint: r.try_get("fingerprint")?,
        answer: serde_json::from_str(&answer).unwrap_or(Value::Null),
    }))
}

/// Records the request and answer of `key` in the act's transaction (a concurrent
/// duplicate fails on the primary key and rolls back).
pub async fn remember(
    conn: &mut AnyConnection,
    key: &str,
    kiosk_user_id: &str,
    kind: &str,
    fingerprint: &str,
    answer: &Value,
    now_ms: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO island_requests (idem_key, kiosk_user_id, kind, fingerprint, answer, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(key)
    .bind(kiosk_user_id)
    .bind(kind)
    .bind(fingerprint)
    .bind(answer.to_string())
    .bind(now_ms)
    .execute(conn)
    .await?;
    Ok(())
}
