//! A language per person (decision 81): `lang` on create (the plant's default, or
//! the request's), a code not offered is a field error, one's own in Settings → Account
//! (audited), and errors in the caller's language: `Accept-Language` first, else the
//! signed-in person's, English unchanged.
use reqwest::Method;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

fn person(email: &str) -> Value {
    json!({"firstname": "Lena", "lastname": "Ruiz", "email": email, "companyCode": "mpk", "position": "clerk", "department": "paint", "zones": ["A1"]})
}

async fn audit_after(app: &TestApp, target_email: &str, meaning: &str) -> Vec<String> {
    let sql = "SELECT a.after_json FROM audit_log a JOIN users u ON a.target = 'user:' || u.id WHERE u.email = $1 AND a.meaning = $2 ORDER BY a.seq";
    sqlx::query_scalar(sql)
        .bind(target_email)
        .bind(meaning)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_new_user_gets_the_plants_language_or_the_one_sent_and_a_bad_code_is_a_field_error() {
    let app = spawn().await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    let r = boss.post("/api/users/register", &person("plain@demo.plant")).await;
    assert_eq!(
        (r.status, r.body["user"]["lang"].as_str()),
        (StatusCode::OK, Some("en")),
        "{}",
        r.text
    );
    let mut es = person("spanish@demo.plant");
    es["lang"] = json!("es");
    let r = boss.post("/api/users/register", &es).await;
    assert_eq!(r.body["user"]["lang"], "es", "{}", r.text);
    let mut bad = person("german@demo.plant");
    bad["lang"] = json!("de");
    let r = boss.post("/api/users/register", &bad).await;
    assert_eq!(
        (r.status, r.body.clone()),
        (StatusCode::BAD_REQUEST, json!({"lang": "Language must be one of en, es, pl."}))
    );

    // Edit: absent keeps it, a new one is audited as a user edit.
    let mut edit = person("spanish@demo.plant");
    edit["originalEmail"] = json!("spanish@demo.plant");
    let r = boss.post("/api/users/edit", &edit).await;
    assert_eq!(
        (r.body["changed"].as_bool(), r.body["user"]["lang"].as_str()),
        (Some(false), Some("es")),
        "{}",
        r.text
    );
    edit["lang"] = json!("pl");
    let r = boss.post("/api/users/edit", &edit).await;
    assert_eq!(
        (r.body["changed"].as_bool(), r.body["user"]["lang"].as_str()),
        (Some(true), Some("pl")),
        "{}",
        r.text
    );
    let after = audit_after(&app, "spanish@demo.plant", "user account changed by a manager").await;
    assert!(after.last().is_some_and(|a| a.contains(r#""lang":"pl""#)), "{after:?}");

    // A plant whose default is Spanish (and says so to the sign-in page).
    let app = spawn_with(&[("i18n.default", "es"), ("i18n.languages", "en,es")]).await;
    let r = app.client().get("/api/i18n").await;
    assert_eq!(
        (r.status, r.body.clone()),
        (StatusCode::OK, json!({"default": "es", "languages": ["en", "es"]}))
    );
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    let r = boss.post("/api/users/register", &person("new@demo.plant")).await;
    assert_eq!(r.body["user"]["lang"], "es", "{}", r.text);
}

#[tokio::test]
async fn staff_choose_their_language_in_account_settings_audited() {
    let app = spawn().await;
    let me = app.signed_in("eng@demo.plant", "engineer", "process").await;
    assert_eq!(me.get("/api/users/current").await.body["lang"], "en");
    let r = me.post("/api/users/lang", &json!({"lang": "pl"})).await;
    assert_eq!((r.status, r.body["lang"].as_str()), (StatusCode::OK, Some("pl")), "{}", r.text);
    assert_eq!(
        me.get("/api/users/current").await.body["lang"],
        "pl",
        "the session answers the new language"
    );
    let after = audit_after(&app, "eng@demo.plant", "language changed by the person").await;
    assert_eq!(after, [r#"{"lang":"pl"}"#]);
    // Unchanged: no second row.
    me.post("/api/users/lang", &json!({"lang": "pl"})).await;
    assert_eq!(
        audit_after(&app, "eng@demo.plant", "language changed by the person").await.len(),
        1
    );

    // Now Polish: errors come in Polish without a header, the header wins over it.
    let r = me.post("/api/users/lang", &json!({"lang": "xx"})).await;
    assert_eq!(
        (r.status, r.body.clone()),
        (StatusCode::BAD_REQUEST, json!({"lang": "Język musi być jednym z: en, es, pl."}))
    );
    let body = Some(json!({"lang": ""}).to_string());
    let r = me
        .send(
            Method::POST,
            "/api/users/lang",
            body.clone(),
            &[("accept-language", "es-MX,es;q=0.9")],
        )
        .await;
    assert_eq!(r.body, json!({"lang": "Elija un idioma."}));
    let r = me
        .send(Method::POST, "/api/users/lang", body, &[("accept-language", "en-US,en;q=0.9")])
        .await;
    assert_eq!(r.body, json!({"lang": "Please choose a language."}));
    // A manager-only call refused in Polish (a module's catalog).
    let r = me.get("/api/users/all").await;
    assert_eq!(
        (r.status, r.body.clone()),
        (
            StatusCode::FORBIDDEN,
            json!({"error": "Zarządzanie użytkownikami jest tylko dla kierowników."})
        )
    );
}

#[tokio::test]
async fn field_errors_come_in_the_callers_language_and_english_is_unchanged() {
    let app = spawn().await;
    let c = app.client();
    let empty = Some(json!({}).to_string());
    let r = c.send(Method::POST, "/api/users/login", empty.clone(), &[]).await;
    assert_eq!(
        r.body,
        json!({"email": "E-mail is required.", "password": "Password is required."})
    );
    let r =
        c.send(Method::POST, "/api/users/login", empty.clone(), &[("accept-language", "es")]).await;
    assert_eq!(
        r.body,
        json!({"email": "El correo electrónico es obligatorio.", "password": "La contraseña es obligatoria."})
    );
    let r = c
        .send(
            Method::POST,
            "/api/users/login",
            empty.clone(),
            &[("accept-language", "de-DE, pl;q=0.8")],
        )
        .await;
    assert_eq!(
        r.body,
        json!({"email": "Adres e-mail jest wymagany.", "password": "Hasło jest wymagane."})
    );
    let r = c.send(Method::GET, "/api/users/current", None, &[("accept-language", "pl")]).await;
    assert_eq!(
        (r.status, r.body.clone()),
        (StatusCode::UNAUTHORIZED, json!({"error": "Zaloguj się."}))
    );
    // A success text a person reads comes translated too (marked by its handler).
    let forgot = Some(json!({"email": "nobody@demo.plant"}).to_string());
    let r = c
        .send(
            Method::POST,
            "/api/users/forgotPassword",
            forgot.clone(),
            &[("accept-language", "es")],
        )
        .await;
    assert_eq!(
        r.body,
        json!({"message": "Si existe una cuenta con este correo electrónico, se ha enviado un enlace para restablecer la contraseña."})
    );
    let r = c.send(Method::POST, "/api/users/forgotPassword", forgot, &[]).await;
    assert_eq!(
        r.body,
        json!({"message": "If an account exists for this e-mail, a reset link is on its way."})
    );

    // Placeholders: the values stay, the words around them are translated.
    let boss = app.signed_in_plant_admin("boss@demo.plant", "manager", "process").await;
    let bad = json!({"firstname": "A", "lastname": "B", "email": "a@b.c", "companyCode": "mph", "position": "clerk", "department": "paint", "zones": ["A3"]});
    let r = boss
        .send(
            Method::POST,
            "/api/users/register",
            Some(bad.to_string()),
            &[("accept-language", "es")],
        )
        .await;
    assert_eq!(r.body, json!({"zones": "La zona A3 no es una zona de la empresa mph."}));
    let r = boss.post("/api/users/register", &bad).await;
    assert_eq!(r.body, json!({"zones": "Zone A3 is not a zone of company mph."}));

    // The person's language applies without a header.
    boss.post("/api/users/lang", &json!({"lang": "es"})).await;
    let r = boss.post("/api/users/register", &bad).await;
    assert_eq!(r.body, json!({"zones": "La zona A3 no es una zona de la empresa mph."}));
}
