//! `plantdoc user …` commands: a signature PIN, a language.

use crate::cli::{fresh_plant, plantdoc, text};

#[tokio::test]
async fn user_pin_sets_a_signature_pin_hashed_and_audited() {
    let (_tmp, vars) = fresh_plant().await;
    let env = vars.each();
    let add = [
        "user",
        "add",
        "--email",
        "pin@demo.plant",
        "--password",
        "Shift-Change-Secret-1",
        "--first",
        "Pia",
        "--last",
        "Pin",
    ];
    let o = plantdoc(
        &[
            &add[..],
            &[
                "--position",
                "operator",
                "--department",
                "production",
                "--company",
                "mpk",
                "--zones",
                "A1",
            ],
        ]
        .concat(),
        &env,
    );
    assert!(o.status.success(), "{}", text(&o));
    let o = plantdoc(&["user", "pin", "--email", "pin@demo.plant", "--pin", "1111"], &env);
    assert_eq!(
        (o.status.code(), text(&o).contains("--pin: This PIN is too easy to guess")),
        (Some(2), true),
        "{}",
        text(&o)
    );
    let o = plantdoc(&["user", "pin", "--email", "nobody@demo.plant", "--pin", "4826"], &env);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let o = plantdoc(&["user", "pin", "--email", "PIN@demo.plant", "--pin", "4826"], &env);
    assert!(o.status.success(), "{}", text(&o));
    assert!(!text(&o).contains("4826"), "never printed: {}", text(&o));
    sqlx::any::install_default_drivers();
    let mut pool = <sqlx::AnyConnection as sqlx::Connection>::connect(&vars.db).await.unwrap();
    let hash: String =
        sqlx::query_scalar("SELECT p.pin_hash FROM user_pins p JOIN users u ON u.id = p.user_id WHERE u.email = 'pin@demo.plant'")
            .fetch_one(&mut pool)
            .await
            .unwrap();
    assert!(
        hash.starts_with("$argon2id$")
            && plantdoc_core::auth::password::verify_blocking("4826", &hash)
    );
    let audited: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM audit_log WHERE action = 'auth.pin_set' AND actor = 'cli'",
    )
    .fetch_one(&mut pool)
    .await
    .unwrap();
    assert_eq!(audited, 1);
}

#[tokio::test]
async fn user_add_takes_a_language_and_unknown_codes_are_refused() {
    let (_tmp, vars) = fresh_plant().await;
    let env = vars.each();
    let add = |email: &'static str| {
        vec![
            "user",
            "add",
            "--email",
            email,
            "--password",
            "Shift-Change-Secret-1",
            "--first",
            "Ana",
            "--last",
            "Lang",
        ]
        .into_iter()
        .chain([
            "--position",
            "operator",
            "--department",
            "production",
            "--company",
            "mpk",
            "--zones",
            "A1",
        ])
        .collect::<Vec<_>>()
    };
    // (--temporary-worker: the user flag `temporary`, read by the training module.)
    let o = plantdoc(
        &[&add("es@demo.plant")[..], &["--lang", "es", "--temporary-worker"]].concat(),
        &env,
    );
    assert!(o.status.success(), "{}", text(&o));
    let o = plantdoc(&add("en@demo.plant"), &env);
    assert!(o.status.success(), "{}", text(&o));
    let o = plantdoc(&[&add("de@demo.plant")[..], &["--lang", "de"]].concat(), &env);
    assert_eq!(
        (o.status.code(), text(&o).contains("--lang: Language must be one of en, es, pl.")),
        (Some(2), true),
        "{}",
        text(&o)
    );
    // An unknown code in [i18n] stops the start with the key named.
    let o =
        plantdoc(&add("x@demo.plant"), &[&env[..], &[("PLANTDOC__I18N__DEFAULT", "de")]].concat());
    assert!(
        !o.status.success()
            && text(&o).contains("i18n.default: \"de\" is not one of i18n.languages"),
        "{}",
        text(&o)
    );
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&vars.db).await.unwrap();
    let langs: Vec<(String, String)> =
        sqlx::query_as("SELECT email, lang FROM users ORDER BY email")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    assert_eq!(
        langs,
        [
            ("en@demo.plant".to_string(), "en".to_string()),
            ("es@demo.plant".to_string(), "es".to_string())
        ]
    );
    let temporary: Vec<i64> = sqlx::query_scalar("SELECT temporary FROM users ORDER BY email")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert_eq!(temporary, [0, 1]);
}
