//! Mail through a real SMTP server (aiosmtpd, started here): the reset link arrives
//! and works.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn reset_mail_goes_through_smtp_and_its_link_works() {
    let dir = tempfile::tempdir().unwrap();
    let catcher = SmtpCatcher::start(dir.path());
    let port = catcher.port.clone();

    let app = spawn_with(&[
        ("mail.smtp.host", "127.0.0.1"),
        ("mail.smtp.port", &port),
        ("server.public_url", "https://plant.example"),
    ])
    .await;
    app.add_user("erin@demo.plant", "engineer", "process").await;
    let c = app.client();
    let r = c
        .send(
            reqwest::Method::POST,
            "/api/users/forgotPassword",
            Some(json!({"email": "erin@demo.plant"}).to_string()),
            &[("host", "evil.example")],
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let mut mail = String::new();
    for _ in 0..200 {
        if let Some(f) = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .find(|f| f.path().extension().map(|e| e == "eml").unwrap_or(false))
        {
            // Read it as a mail client would: undo quoted-printable soft line breaks.
            mail =
                std::fs::read_to_string(f.path()).unwrap().replace("=\r\n", "").replace("=\n", "");
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let outbox: Vec<(Option<String>,)> =
        sqlx::query_as("SELECT error FROM outbox").fetch_all(&app.state.db.pool).await.unwrap();
    assert!(mail.contains("X-Rcpt-To: erin@demo.plant"), "mail: {mail} outbox: {outbox:?}");
    assert!(mail.contains("Subject: Reset your Plantdoc password"));
    assert!(!mail.contains("evil.example"), "link not built from the Host header");
    let token = mail
        .split("https://plant.example/login/reset/")
        .nth(1)
        .expect("link in the mail")
        .split_whitespace()
        .next()
        .unwrap()
        .trim()
        .to_string();
    assert_eq!(
        c.get(&format!("/api/users/resetPassword/{token}")).await.body,
        json!({"valid": true})
    );
    let ok = c
        .post(
            &format!("/api/users/resetPassword/{token}"),
            &json!({"password": "Fresh-Secret-Words-7", "password2": "Fresh-Secret-Words-7"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(
        c.post(
            "/api/users/login",
            &json!({"email": "erin@demo.plant", "password": "Fresh-Secret-Words-7"})
        )
        .await
        .status,
        StatusCode::OK
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL").await, 1);
}
