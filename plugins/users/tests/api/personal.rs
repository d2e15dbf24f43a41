//! Decision 83: mail about one's own account rides on personal events (`users.account-created`,
//! `users.password-reset`): told to that person only (bell and live page), always mailed
//! once through the real SMTP server (aiosmtpd), retried without a second mail, its
//! one-time link kept out of the outbox of events, the bell and, once sent, the mail outbox.
use std::path::Path;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

const NORA: &str = "nora@demo.plant";

/// An app mailing through a real SMTP server (aiosmtpd) that saves each mail into `dir`,
/// its links on https://plant.example.
pub(super) async fn mailing_app(dir: &Path) -> (SmtpCatcher, TestApp) {
    let catcher = SmtpCatcher::start(dir);
    let app = spawn_with(&[
        ("mail.smtp.host", "127.0.0.1"),
        ("mail.smtp.port", &catcher.port),
        ("server.public_url", "https://plant.example"),
    ])
    .await;
    (catcher, app)
}

/// Quoted-printable undone: soft line breaks joined, `=XX` bytes decoded (`=C3=B3` → `ó`).
fn unquoted(mail: &str) -> String {
    let joined = mail.replace("=\r\n", "").replace("=\n", "");
    let b = joined.as_bytes();
    let (mut out, mut i) = (Vec::with_capacity(b.len()), 0);
    while i < b.len() {
        let hex = b.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (b[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'=', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The mails the catcher saved, oldest first, read as a mail client would.
pub(super) fn saved(dir: &Path) -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|f| f.path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    files.sort();
    files.iter().map(|p| unquoted(&std::fs::read_to_string(p).unwrap())).collect()
}

/// Runs the mail pass (twice at once: two racing passes) until `n` mails arrived (at
/// most `tries` times), then waits a moment more for any extra one.
pub(super) async fn mailed(app: &TestApp, dir: &Path, n: usize, tries: usize) -> Vec<String> {
    for _ in 0..tries {
        let (a, b) = tokio::join!(
            plantdoc_core::notify::mail::tick(&app.state),
            plantdoc_core::notify::mail::tick(&app.state)
        );
        a.unwrap();
        b.unwrap();
        if saved(dir).len() >= n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    saved(dir)
}

/// The kinds of the events `c`'s open page receives within `wait`.
async fn streamed_kinds(c: &Client, wait: Duration) -> Vec<String> {
    let cookies: Vec<String> =
        c.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
    let mut r = c
        .http
        .get(format!("{}/api/events", c.base))
        .header("cookie", cookies.join("; "))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let (mut text, deadline) = (String::new(), tokio::time::Instant::now() + wait);
    while let Ok(Ok(Some(b))) = tokio::time::timeout_at(deadline, r.chunk()).await {
        text.push_str(&String::from_utf8_lossy(&b));
    }
    let data = text
        .lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .map(|d| serde_json::from_str::<Value>(d.trim()).unwrap_or(Value::Null));
    data.filter_map(|d| d["kind"].as_str().map(str::to_string)).collect()
}

fn new_user() -> Value {
    json!({"firstname": "Nora", "lastname": "Quinn", "email": NORA, "companyCode": "mpk", "position": "engineer", "department": "process", "zones": ["A1"]})
}

pub(super) async fn ask_reset(app: &TestApp, email: &str) {
    let before = scalar(app, "SELECT COUNT(*) FROM outbox").await;
    assert_eq!(
        app.client().post("/api/users/forgotPassword", &json!({"email": email})).await.status,
        StatusCode::OK
    );
    for _ in 0..100 {
        if scalar(app, "SELECT COUNT(*) FROM outbox").await > before {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no reset mail was queued");
}

#[tokio::test]
async fn account_and_reset_mails_reach_their_person_once_and_nobody_else() {
    let dir = tempfile::tempdir().unwrap();
    let (_catcher, app) = mailing_app(dir.path()).await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    let lead = app.signed_in("lead@demo.plant", "supervisor", "process").await;
    let erin = app.signed_in("erin@demo.plant", "engineer", "process").await;

    // Open pages of the manager, a supervisor of the same zones and Erin while a manager
    // adds Nora and someone asks for Erin's reset link.
    let (boss_saw, lead_saw, erin_saw, temp) = tokio::join!(
        streamed_kinds(&boss, Duration::from_secs(3)),
        streamed_kinds(&lead, Duration::from_secs(3)),
        streamed_kinds(&erin, Duration::from_secs(3)),
        async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            let r = boss.post("/api/users/register", &new_user()).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.text);
            ask_reset(&app, "erin@demo.plant").await;
            r.body["tempPassword"].as_str().unwrap().to_string()
        }
    );
    assert_eq!(erin_saw, ["users.password-reset"], "her own event only");
    assert!(
        boss_saw.is_empty() && lead_saw.is_empty(),
        "nobody else's page: {boss_saw:?} {lead_saw:?}"
    );

    let mails = mailed(&app, dir.path(), 2, 100).await;
    assert_eq!(mails.len(), 2, "{mails:#?}");
    let to_nora =
        mails.iter().find(|m| m.contains(&format!("X-Rcpt-To: {NORA}"))).expect("Nora's mail");
    assert!(to_nora.contains("Subject: Your Plantdoc account"), "{to_nora}");
    assert!(
        to_nora.contains(
            "Test boss made a Plantdoc account for you. Sign in at https://plant.example/login/ with this e-mail (nora@demo.plant)"
        ),
        "{to_nora}"
    );
    assert!(!to_nora.contains(&temp), "the temporary password is handed over, never mailed");
    let to_erin =
        mails.iter().find(|m| m.contains("X-Rcpt-To: erin@demo.plant")).expect("Erin's mail");
    assert!(
        to_erin.contains("Subject: Reset your Plantdoc password")
            && to_erin.contains("Hello Test,"),
        "{to_erin}"
    );
    let token = to_erin
        .split("https://plant.example/login/reset/")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();

    // The link is nowhere at rest: not in the events, the notifications, the bell, nor
    // (sent) in the mail outbox.
    let at_rest: Vec<(String,)> = sqlx::query_as(
        "SELECT data FROM events UNION ALL SELECT body FROM outbox UNION ALL SELECT subject FROM outbox \
         UNION ALL SELECT COALESCE(mail_outbox_id, '') FROM notifications",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert!(at_rest.iter().all(|(t,)| !t.contains(&token)), "{at_rest:?}");
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL AND body = '(sent; the text of a personal mail is not kept)'")
            .await,
        2
    );
    let bell = erin.get("/api/notifications").await;
    assert!(!bell.text.contains(&token), "{}", bell.text);
    let items = bell.body["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{}", bell.text);
    assert_eq!(
        (items[0]["kind"].as_str(), items[0]["title"].as_str()),
        (Some("users.password-reset"), Some("A password reset link was mailed to you"))
    );
    for c in [&boss, &lead] {
        assert_eq!(c.get("/api/notifications").await.body["total"], 0, "no other bell");
    }
    let nora_told = format!("SELECT COUNT(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = '{NORA}' AND n.kind = 'users.account-created'");
    assert_eq!(scalar(&app, &nora_told).await, 1);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications").await, 2);

    // A retried send (its claim lapsed after the mail went) does not mail twice.
    sqlx::query("UPDATE notifications SET mail_state = 'due', mail_claim = NULL")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(mailed(&app, dir.path(), 3, 10).await.len(), 2);
    // And the link works, once.
    let c = app.client();
    let new = json!({"password": "Fresh-Secret-Words-7", "password2": "Fresh-Secret-Words-7"});
    assert_eq!(
        c.post(&format!("/api/users/resetPassword/{token}"), &new).await.status,
        StatusCode::OK
    );
    assert_eq!(
        c.post(
            "/api/users/login",
            &json!({"email": "erin@demo.plant", "password": "Fresh-Secret-Words-7"})
        )
        .await
        .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_failed_send_is_retried_later_as_the_same_one_mail() {
    // A port nobody listens on yet: the first send fails.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
        .to_string();
    let app = spawn_with(&[("mail.smtp.host", "127.0.0.1"), ("mail.smtp.port", &port)]).await;
    app.add_user("erin@demo.plant", "engineer", "process").await;
    ask_reset(&app, "erin@demo.plant").await;
    // This pass or the app's own (every 2 s) tries, fails, and puts it back for later.
    let state = "SELECT COUNT(*) FROM notifications WHERE mail_state = 'due' AND mail_attempts = 1";
    for _ in 0..100 {
        plantdoc_core::notify::mail::tick(&app.state).await.unwrap();
        if scalar(&app, state).await == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(scalar(&app, state).await, 1, "back to due after one attempt");
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM outbox WHERE error IS NOT NULL AND sent_at IS NULL")
            .await,
        1
    );

    let dir = tempfile::tempdir().unwrap();
    let _catcher = SmtpCatcher::start_on(dir.path(), &port);
    plantdoc_core::notify::mail::tick(&app.state).await.unwrap();
    assert!(saved(dir.path()).is_empty(), "not before its back-off");
    app.clock.advance_secs(31);
    let mails = mailed(&app, dir.path(), 1, 100).await;
    assert_eq!(mails.len(), 1);
    assert!(
        mails[0].contains("Subject: Reset your Plantdoc password")
            && mails[0].contains("/login/reset/"),
        "{}",
        mails[0]
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM outbox").await, 1, "one mail row, retried");
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM notifications WHERE mail_state = 'sent'").await,
        1
    );
}

#[tokio::test]
async fn mail_about_ones_own_account_cannot_be_turned_off() {
    let app = spawn().await;
    let erin = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let prefs = erin.get("/api/notifications/preferences").await.body;
    let kinds: Vec<&str> = prefs["preferences"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["kind"].as_str())
        .collect();
    assert!(
        kinds.contains(&"users.changed")
            && !kinds
                .iter()
                .any(|k| k.starts_with("users.account") || k.ends_with("password-reset")),
        "{kinds:?}"
    );
    let r = erin
        .post("/api/notifications/preferences", &json!({"preferences": {"users.password-reset": "off", "users.account-created": "bell"}}))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let refused = "Mail about your own account is always sent; it cannot be changed.";
    assert_eq!(r.body, json!({"users.password-reset": refused, "users.account-created": refused}));
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notification_prefs").await, 0);
    // A choice stored anyway (an older version, a hand edit) is not heeded.
    sqlx::query("INSERT INTO notification_prefs (user_id, kind, channel) SELECT id, 'users.password-reset', 'off' FROM users")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    ask_reset(&app, "erin@demo.plant").await;
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications WHERE kind = 'users.password-reset' AND channel = 'email'").await, 1);
}

#[tokio::test]
async fn two_instances_on_one_postgres_mail_a_personal_event_once() {
    if !on_postgres() {
        return; // One SQLite file has one instance.
    }
    let dir = tempfile::tempdir().unwrap();
    let catcher = SmtpCatcher::start(dir.path());
    let smtp = [("mail.smtp.host", "127.0.0.1"), ("mail.smtp.port", catcher.port.as_str())];
    let a = spawn_with(&smtp).await;
    let b = spawn_on(tempfile::tempdir().unwrap(), a.db_url.clone(), &smtp).await;
    let boss = a.signed_in("boss@demo.plant", "manager", "process").await;
    assert_eq!(boss.post("/api/users/register", &new_user()).await.status, StatusCode::OK);
    for _ in 0..3 {
        let (x, y) = tokio::join!(
            plantdoc_core::notify::mail::tick(&a.state),
            plantdoc_core::notify::mail::tick(&b.state)
        );
        x.unwrap();
        y.unwrap();
    }
    let mails = mailed(&b, dir.path(), 2, 10).await;
    assert_eq!(mails.len(), 1, "{mails:#?}");
    assert!(
        mails[0].contains(&format!("X-Rcpt-To: {NORA}"))
            && mails[0].contains("Subject: Your Plantdoc account")
    );
}
