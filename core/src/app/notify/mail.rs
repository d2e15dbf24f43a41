//! Notification mail: every instance runs this task; a row is mailed by the instance
//! whose conditional UPDATE claimed it (`due` or `digest` → `sending`, with a claim
//! token and a deadline), so one event is mailed once however many instances run. A
//! failed send goes back with a growing delay (`retry_base_ms × 2^(attempt-1)`) and
//! stops after `max_attempts`; a claim whose instance died is released at its deadline.
//! Each pass also drops events older than `keep_days` with their notifications.
use serde_json::Value;
use sqlx::Row;

use crate::app::AppState;
use crate::{msg, text};

/// How long a claim holds before another instance may take the row over.
const CLAIM_MS: i64 = 120_000;
/// Rows one tick takes of each sort.
const BATCH: i64 = 50;

/// One notification as a mail shows it.
struct Line {
    title: String,
    note: Option<String>,
    link: Option<String>,
}

/// One pass: releases dead claims, mails what is due and the digests that are ready.
/// Returns how many mails went out (or were kept in the mail outbox without SMTP).
pub async fn tick(state: &AppState) -> anyhow::Result<usize> {
    let now = state.now_ms();
    let s = &state.settings.notifications;
    sqlx::query(
        "UPDATE notifications SET mail_state = CASE WHEN channel = 'digest' THEN 'digest' ELSE 'due' END, mail_claim = NULL \
         WHERE mail_state = 'sending' AND mail_claimed_until < $1",
    )
    .bind(now)
    .execute(&state.db.pool)
    .await?;
    // The outbox keeps `keep_days` (notifications go with their event).
    sqlx::query("DELETE FROM events WHERE created_at < $1")
        .bind(now - (s.keep_days as i64) * 86_400_000)
        .execute(&state.db.pool)
        .await?;
    let mut sent = 0;
    let due: Vec<String> =
        sqlx::query_scalar("SELECT id FROM notifications WHERE mail_state = 'due' AND mail_next_at <= $1 ORDER BY mail_next_at LIMIT $2")
            .bind(now)
            .bind(BATCH)
            .fetch_all(&state.db.pool)
            .await?;
    for id in due {
        let claim = crate::data::db::new_id();
        if claimed(state, &claim, now, "id = $4 AND mail_state = 'due'", &id).await? {
            sent += send(state, &claim, false).await? as usize;
        }
    }
    let ready = now - (s.digest_secs as i64) * 1000;
    let users: Vec<String> = sqlx::query_scalar(
        "SELECT user_id FROM notifications WHERE mail_state = 'digest' AND mail_next_at <= $1 GROUP BY user_id HAVING MIN(created_at) <= $2 LIMIT $3",
    )
    .bind(now)
    .bind(ready)
    .bind(BATCH)
    .fetch_all(&state.db.pool)
    .await?;
    for user in users {
        let claim = crate::data::db::new_id();
        if claimed(state, &claim, now, "user_id = $4 AND mail_state = 'digest'", &user).await? {
            sent += send(state, &claim, true).await? as usize;
        }
    }
    Ok(sent)
}

/// The conditional UPDATE that takes rows for this instance: true when it took any.
async fn claimed(
    state: &AppState,
    claim: &str,
    now: i64,
    which: &str,
    key: &str,
) -> Result<bool, sqlx::Error> {
    let sql = format!(
        "UPDATE notifications SET mail_state = 'sending', mail_claim = $1, mail_claimed_until = $2, mail_attempts = mail_attempts + 1 \
         WHERE mail_claim IS NULL AND mail_next_at <= $3 AND {which}"
    );
    let r = sqlx::query(&sql)
        .bind(claim)
        .bind(now + CLAIM_MS)
        .bind(now)
        .bind(key)
        .execute(&state.db.pool)
        .await?;
    Ok(r.rows_affected() > 0)
}

/// Mails the rows of `claim` (one, or one user's digest) and records the outcome.
async fn send(state: &AppState, claim: &str, digest: bool) -> anyhow::Result<bool> {
    let rows = sqlx::query(
        "SELECT n.kind, n.mail_attempts, n.mail_outbox_id, e.data, u.email, u.firstname, u.lang FROM notifications n \
         JOIN events e ON e.seq = n.event_seq JOIN users u ON u.id = n.user_id \
         WHERE n.mail_claim = $1 ORDER BY n.created_at, n.event_seq",
    )
    .bind(claim)
    .fetch_all(&state.db.pool)
    .await?;
    let Some(first) = rows.first() else { return Ok(false) };
    let (email, name, attempts): (String, String, i64) =
        (first.try_get("email")?, first.try_get("firstname")?, first.try_get("mail_attempts")?);
    let lang: String = first.try_get("lang")?;
    let now = state.now_ms();
    // A personal event's own mail, rendered by the act (one row per claim: never a digest).
    let outcome = match first.try_get::<Option<String>, _>("mail_outbox_id")? {
        Some(outbox_id) => state.mail.deliver(&state.db, now, &outbox_id).await,
        None => {
            let (subject, text, html) = render(state, &rows, &name, &lang, digest)?;
            state.mail.send_with_html(&state.db, now, &email, &subject, &text, Some(&html)).await
        }
    };
    let s = &state.settings.notifications;
    match outcome {
        Ok(()) => {
            sqlx::query("UPDATE notifications SET mail_state = 'sent', mail_sent_at = $1, mail_claim = NULL WHERE mail_claim = $2")
                .bind(now)
                .bind(claim)
                .execute(&state.db.pool)
                .await?;
            Ok(true)
        }
        Err(e) => {
            let wait = (s.retry_base_ms as i64).saturating_mul(1 << (attempts - 1).clamp(0, 16));
            tracing::warn!(error = %e, attempts, retry_in_ms = wait, "notification mail failed");
            sqlx::query(
                "UPDATE notifications SET mail_state = CASE WHEN mail_attempts >= $1 THEN 'failed' WHEN channel = 'digest' THEN 'digest' ELSE 'due' END, \
                 mail_next_at = $2, mail_claim = NULL WHERE mail_claim = $3",
            )
            .bind(s.max_attempts)
            .bind(now + wait)
            .bind(claim)
            .execute(&state.db.pool)
            .await?;
            Ok(false)
        }
    }
}

/// The subject, text and HTML of the mail of `rows` (one, or one user's digest), in the
/// recipient's language `lang` (theirs, else the plant's), like their screens.
fn render(
    state: &AppState,
    rows: &[sqlx::any::AnyRow],
    name: &str,
    lang: &str,
    digest: bool,
) -> anyhow::Result<(String, String, String)> {
    let lang = state.settings.i18n.pick(None, Some(lang).filter(|l| !l.is_empty()));
    let tr = |english: String| state.catalogs.translate(lang, &english).unwrap_or(english);
    let mut lines = Vec::new();
    for r in rows {
        let data: Value =
            serde_json::from_str(&r.try_get::<String, _>("data")?).unwrap_or(Value::Null);
        let text = |k: &str| data.get(k).and_then(Value::as_str).map(str::to_string);
        let label = super::kind_of(state, &r.try_get::<String, _>("kind")?).label.to_string();
        lines.push(Line {
            title: tr(text("title").unwrap_or(label)),
            note: text("note"),
            link: text("link"),
        });
    }
    let base = state.settings.server.public_url.trim_end_matches('/');
    let subject = match (digest, lines.len()) {
        (true, 1) => tr(text!("Plantdoc: 1 notification today").into()),
        (true, n) => tr(msg!("Plantdoc: {n} notifications today")),
        (false, _) => lines[0].title.clone(),
    };
    let (text, html) = compose(base, name, &lines, &tr);
    Ok((subject, text, html))
}

/// The plain text and the HTML of a mail listing `lines`, with links on `base`, its own
/// words through `tr` (the recipient's language).
fn compose(
    base: &str,
    name: &str,
    lines: &[Line],
    tr: &dyn Fn(String) -> String,
) -> (String, String) {
    let hello = tr(msg!("Hello {name},"));
    let mut text = format!("{hello}\n\n");
    let mut html = format!("<p>{}</p>\n<ul>\n", escape(&hello));
    for l in lines {
        text.push_str(&format!("- {}\n", l.title));
        html.push_str(&format!("<li><p>{}</p>", escape(&l.title)));
        if let Some(note) = &l.note {
            let note = tr(msg!("Note: {note}"));
            text.push_str(&format!("  {note}\n"));
            html.push_str(&format!("<p>{}</p>", escape(&note)));
        }
        if let Some(link) = &l.link {
            let url = format!("{base}{link}");
            text.push_str(&format!("  {}\n", tr(msg!("Open: {url}"))));
            html.push_str(&format!("<p><a href=\"{0}\">{0}</a></p>", escape(&url)));
        }
        text.push('\n');
        html.push_str("</li>\n");
    }
    let prefs = format!("{base}/main/settings?tab=notifications");
    let choose = tr(text!("Choose which mails you get in Settings, Notifications.").into());
    text.push_str(&format!("{choose} {prefs}\n"));
    html.push_str(&format!(
        "</ul>\n<p><a href=\"{0}\">{1}</a></p>\n",
        escape(&prefs),
        escape(&choose)
    ));
    (text, html)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_html_carry_the_same_lines_and_links() {
        let lines = [Line {
            title: "SWP <P1> rejected".into(),
            note: Some("Fix page 2 & 3".into()),
            link: Some("/main/swps?tab=my-pending".into()),
        }];
        let (text, html) = compose("https://plant.example", "Erin", &lines, &|s| s);
        assert!(
            text.contains("- SWP <P1> rejected\n  Note: Fix page 2 & 3\n  Open: https://plant.example/main/swps?tab=my-pending\n"),
            "{text}"
        );
        assert!(
            html.contains("SWP &lt;P1&gt; rejected") && html.contains("Fix page 2 &amp; 3"),
            "{html}"
        );
        assert!(
            html.contains("<a href=\"https://plant.example/main/swps?tab=my-pending\">"),
            "{html}"
        );
    }
}
