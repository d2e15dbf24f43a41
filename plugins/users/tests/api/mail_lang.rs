//! Mail in the recipient's language (theirs, else the plant's), like their screens: the
//! account-created and reset mails (personal, rendered by the act), a notification mail
//! (rendered by the mail task) and the bell's title, through the real SMTP server.
use reqwest::StatusCode;
use serde_json::json;

use super::personal::{ask_reset, mailed, mailing_app};
use crate::helpers::*;

async fn subjects_to(app: &TestApp, to: &str) -> Vec<String> {
    sqlx::query_scalar("SELECT subject FROM outbox WHERE to_addr = $1 ORDER BY created_at")
        .bind(to)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn each_mail_goes_out_in_its_recipients_language() {
    let dir = tempfile::tempdir().unwrap();
    let (_catcher, app) = mailing_app(dir.path()).await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    let erin = app.signed_in("erin@demo.plant", "engineer", "process").await;
    sqlx::query("UPDATE users SET lang = 'pl' WHERE email = 'erin@demo.plant'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    after_out_of_band_write().await;

    // Nora reads Spanish: her account's mail is Spanish, the manager's name and the
    // plant's address in it.
    let nora = json!({"firstname": "Nora", "lastname": "Quinn", "email": "nora@demo.plant", "companyCode": "mpk",
        "position": "operator", "department": "production", "zones": ["A1"], "badge": "7001", "lang": "es"});
    let r = boss.post("/api/users/register", &nora).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // Erin reads Polish: her reset mail is Polish.
    ask_reset(&app, "erin@demo.plant").await;
    let mails: Vec<String> = mailed(&app, dir.path(), 2, 100).await;
    let to = |who: &str| {
        mails.iter().find(|m| m.contains(&format!("X-Rcpt-To: {who}"))).cloned().unwrap()
    };
    let to_nora = to("nora@demo.plant");
    assert!(
        to_nora.contains("Hola, Nora:")
            && to_nora.contains("Test boss le creó una cuenta de Plantdoc. Inicie sesión en https://plant.example/login/ con este correo electrónico (nora@demo.plant)"),
        "{to_nora}"
    );
    assert_eq!(subjects_to(&app, "nora@demo.plant").await, ["Su cuenta de Plantdoc"]);
    let to_erin = to("erin@demo.plant");
    assert!(
        to_erin.contains("Ktoś poprosił o zresetowanie Twojego hasła do Plantdoc")
            && to_erin.contains("https://plant.example/login/reset/"),
        "{to_erin}"
    );
    assert_eq!(subjects_to(&app, "erin@demo.plant").await, ["Zresetuj hasło do Plantdoc"]);

    // A notification the mail task renders (a one-time PIN issued to Nora, who chose to
    // have it mailed): its title, greeting and footer in Spanish.
    sqlx::query("INSERT INTO notification_prefs (user_id, kind, channel) SELECT id, 'users.pin-issued', 'email' FROM users WHERE email = 'nora@demo.plant'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let r = boss.post("/api/users/pin/issue", &json!({"email": "nora@demo.plant"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let mails = mailed(&app, dir.path(), 3, 100).await;
    assert_eq!(mails.len(), 3, "one more mail: {mails:#?}");
    let pin_mail = mails
        .iter()
        .find(|m| m.contains("X-Rcpt-To: nora@demo.plant") && m.contains("PIN"))
        .unwrap();
    for words in [
        "Hola, Nora:",
        "- Se le emitió un PIN de firma de un solo uso",
        "Elija qué correos recibe en Configuración, Notificaciones.",
    ] {
        assert!(pin_mail.contains(words), "{words:?} in {pin_mail}");
    }
    assert!(!pin_mail.contains("Hello") && !pin_mail.contains("Choose which"), "{pin_mail}");
    // Erin's bell names her reset in Polish.
    let bell = erin.get("/api/notifications").await;
    assert_eq!(
        bell.body["items"][0]["title"], "Wysłano Ci link do zresetowania hasła",
        "{}",
        bell.text
    );
}
