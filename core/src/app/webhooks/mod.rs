//! Signed webhooks (Standard Webhooks): an event a company's endpoint listens to becomes a
//! delivery row in the event's own transaction (the outbox: a restart loses none); the
//! delivery task claims due rows (a conditional UPDATE: one instance sends each), posts the
//! JSON with `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64
//! HMAC-SHA256 of "id.timestamp.body">`, and retries with backoff for 24 h; then the
//! delivery fails and the endpoint is disabled (audited, logged, and its maker told:
//! [`tell_owner`]).
use std::sync::LazyLock;
use std::time::Duration;

use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;
use sqlx::{AnyConnection, Row};

use crate::app::events::Event;
use crate::app::http::lang::for_person;
use crate::app::AppState;
use crate::base::clock::iso;
use crate::data::audit::{self, AuditEntry};
use crate::{msg, text};

pub mod routes;

/// Waits after each failed attempt (Standard Webhooks' suggested schedule), then 10 h.
const BACKOFF_SECS: [i64; 6] = [5, 300, 1800, 7200, 18_000, 36_000];
/// A delivery is retried this long after its event, then given up.
const GIVE_UP_MS: i64 = 24 * 3600 * 1000;
/// Deliveries one pass sends at most, and how long a claim holds.
const BATCH: i64 = 20;
const CLAIM_MS: i64 = 60_000;

static HTTP: LazyLock<reqwest::Client> = LazyLock::new(|| {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(10))
        .build()
        .expect("webhook HTTP client")
});

/// A new endpoint's secret: `whsec_` and 32 random bytes in base64.
pub fn new_secret() -> String {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).expect("randomness");
    format!("whsec_{}", base64::engine::general_purpose::STANDARD.encode(b))
}

/// The `webhook-signature` value of a message: `v1,` and the base64 HMAC-SHA256, keyed
/// with the secret's bytes, of `id.timestamp.body`.
pub fn signature(secret: &str, id: &str, timestamp: i64, body: &str) -> String {
    let key = secret.strip_prefix("whsec_").unwrap_or(secret);
    let key = base64::engine::general_purpose::STANDARD.decode(key).unwrap_or_default();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).expect("HMAC takes any key");
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body.as_bytes());
    let sig = base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes());
    format!("v1,{sig}")
}

/// Queues the event for every enabled endpoint of its company that listens to its kind,
/// inside the event's transaction. Personal kinds (a person's own mail) are never sent.
pub async fn enqueue(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    event: &Event,
) -> Result<(), sqlx::Error> {
    if state.event_kind(event.kind).is_some_and(|k| k.personal) {
        return Ok(());
    }
    let hooks = sqlx::query(
        "SELECT id, events FROM webhooks WHERE company_code = $1 AND disabled_at IS NULL",
    )
    .bind(&event.company)
    .fetch_all(&mut *conn)
    .await?;
    for h in hooks {
        let events: String = h.try_get("events")?;
        if !events.split(' ').any(|k| k == event.kind) {
            continue;
        }
        let id = format!("msg_{}", crate::data::db::new_id());
        // The event's own fields (a deploy's contentHash, part number, revision …) and
        // what it is about.
        let mut data = match &event.data {
            Value::Object(m) => m.clone(),
            _ => Default::default(),
        };
        // The document's SHA-256 under one name whatever the kind calls it.
        if let Some(h) = data.get("versionHash").cloned() {
            data.entry("contentHash").or_insert(h);
        }
        data.insert("subject".into(), json!(event.subject));
        data.insert("company".into(), json!(event.company));
        data.insert("zones".into(), json!(event.zones));
        let payload = json!({"type": event.kind, "timestamp": iso(now), "data": data});
        sqlx::query(
            "INSERT INTO webhook_deliveries (id, webhook_id, kind, payload, status, next_at, created_at) \
             VALUES ($1, $2, $3, $4, 'pending', $5, $5)",
        )
        .bind(&id)
        .bind(h.try_get::<String, _>("id")?)
        .bind(event.kind)
        .bind(payload.to_string())
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// One pass of the delivery task: claims due deliveries and sends them. Answers how many
/// were sent (delivered or not).
pub async fn tick(state: &AppState) -> crate::AppResult<usize> {
    let now = state.now_ms();
    let claim = crate::data::db::new_id();
    sqlx::query(
        "UPDATE webhook_deliveries SET claimed_until = $1, claim = $2 WHERE id IN (SELECT id FROM webhook_deliveries \
         WHERE status = 'pending' AND next_at <= $3 AND (claimed_until IS NULL OR claimed_until < $3) ORDER BY next_at LIMIT $4) \
         AND (claimed_until IS NULL OR claimed_until < $3)",
    )
    .bind(now + CLAIM_MS)
    .bind(&claim)
    .bind(now)
    .bind(BATCH)
    .execute(&state.db.pool)
    .await?;
    let rows = sqlx::query(
        "SELECT d.id, d.payload, d.attempts, d.created_at, w.id AS hook, w.url, w.secret, w.created_by \
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.claim = $1 AND d.status = 'pending'",
    )
    .bind(&claim)
    .fetch_all(&state.db.pool)
    .await?;
    for r in &rows {
        send(state, r).await?;
    }
    Ok(rows.len())
}

async fn send(state: &AppState, r: &sqlx::any::AnyRow) -> crate::AppResult<()> {
    let id: String = r.try_get("id")?;
    let body: String = r.try_get("payload")?;
    let url: String = r.try_get("url")?;
    let secret: String = r.try_get("secret")?;
    let attempts: i64 = r.try_get::<i64, _>("attempts")? + 1;
    let created: i64 = r.try_get("created_at")?;
    let ts = state.now_ms() / 1000;
    // The allow list is read at each send: an origin taken off it gets nothing more.
    let answer = if state.settings.webhooks.allows(&url) {
        HTTP.post(&url)
            .header("content-type", "application/json")
            .header("webhook-id", &id)
            .header("webhook-timestamp", ts.to_string())
            .header("webhook-signature", signature(&secret, &id, ts, &body))
            .body(body)
            .send()
            .await
            .map(|a| a.status().as_u16())
            .map_err(|e| format!("{e}"))
    } else {
        Err("not in [webhooks] allow".to_string())
    };
    let now = state.now_ms();
    let (code, error) = match &answer {
        Ok(c) => (Some(i64::from(*c)), (!(200..300).contains(c)).then(|| format!("HTTP {c}"))),
        Err(e) => (None, Some(e.clone())),
    };
    if error.is_none() {
        sqlx::query("UPDATE webhook_deliveries SET status = 'delivered', attempts = $1, answer_code = $2, error = NULL, done_at = $3, claimed_until = NULL WHERE id = $4")
            .bind(attempts).bind(code).bind(now).bind(&id).execute(&state.db.pool).await?;
        return Ok(());
    }
    let wait = BACKOFF_SECS.get(attempts as usize - 1).copied().unwrap_or(36_000) * 1000;
    if now + wait <= created + GIVE_UP_MS {
        sqlx::query("UPDATE webhook_deliveries SET attempts = $1, answer_code = $2, error = $3, next_at = $4, claimed_until = NULL WHERE id = $5")
            .bind(attempts).bind(code).bind(&error).bind(now + wait).bind(&id).execute(&state.db.pool).await?;
        return Ok(());
    }
    // Given up: the delivery fails and its endpoint stops, in one transaction with the
    // audit row its owner sees.
    let hook: String = r.try_get("hook")?;
    let owner: String = r.try_get("created_by")?;
    let mut tx = state.db.begin().await?;
    sqlx::query("UPDATE webhook_deliveries SET status = 'failed', attempts = $1, answer_code = $2, error = $3, done_at = $4, claimed_until = NULL WHERE id = $5")
        .bind(attempts).bind(code).bind(&error).bind(now).bind(&id).execute(&mut *tx).await?;
    let stopped =
        sqlx::query("UPDATE webhooks SET disabled_at = $1 WHERE id = $2 AND disabled_at IS NULL")
            .bind(now)
            .bind(&hook)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
    // Told once, in the act's transaction (a direct mail, after it, when no module
    // declares the kind).
    let direct = match stopped {
        true => tell_owner(state, &mut tx, now, (&owner, &hook, &url), error.as_deref()).await?,
        false => None,
    };
    let entry = AuditEntry::new(
        "webhook.disable",
        format!("webhook:{hook}"),
        "Webhook disabled after 24 h of failed deliveries",
    )
    .after(json!({"url": url, "owner": owner, "lastError": error}));
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    tracing::warn!(webhook = %hook, %url, owner = %owner, "webhook disabled: its deliveries failed for 24 h");
    if let Some((to, subject, text)) = direct {
        if let Err(e) = state.mail.send(&state.db, now, &to, &subject, &text).await {
            tracing::warn!(error = ?e, "the webhook's maker could not be mailed");
        }
    }
    Ok(())
}

const DISABLED_SUBJECT: &str = text!("A Plantdoc webhook was disabled");

/// Tells the webhook's maker it was disabled: by the personal kind a module declares for
/// it (bell and mail, in this transaction), else answers the mail to send directly.
async fn tell_owner(
    state: &AppState,
    tx: &mut AnyConnection,
    now: i64,
    (owner, hook, url): (&str, &str, &str),
    error: Option<&str>,
) -> crate::AppResult<Option<(String, String, String)>> {
    let Some(user) = crate::plant::users::find_by_id(tx, owner).await? else { return Ok(None) };
    if user.disabled || user.is_badge_only() {
        return Ok(None);
    }
    let (name, error) = (&user.firstname, error.unwrap_or("-"));
    let base = state.settings.server.public_url.trim_end_matches('/');
    let body = msg!(
        "Hello {name},\n\nThe webhook you made for {url} has failed every delivery for 24 hours, so Plantdoc disabled it. Its last error: {error}.\n\nWhen the receiver works again, make the webhook anew (POST {base}/api/webhooks); its failed deliveries stay listed at {base}/api/webhooks/{hook}/deliveries.\n"
    );
    let Some(kind) = state.kind_serving(crate::app::events::CoreAct::WebhookDisabled) else {
        let subject = for_person(state, &user, DISABLED_SUBJECT);
        return Ok(Some((user.email.clone(), subject, for_person(state, &user, &body))));
    };
    let event = Event::new(kind.id, &user.company_code, format!("user:{}", user.id))
        .to_owners([&user.id])
        .data(json!({"title": DISABLED_SUBJECT, "url": url}))
        .mail(DISABLED_SUBJECT, body);
    state.emit(tx, now, &event).await?;
    Ok(None)
}
