//! The home page's figures (decision 102): the plant's own, for the person who asks
//! — the demo plant's deployed documents, their review, overdue readings and the day's
//! signatures — not sample data; staff only; a bad `today` is a field error.
use plantdoc_core::acks::{self, DocKind};
use plantdoc_core::seed::DEMO_PASSWORD;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

const RELEASE: [(&str, &str); 1] = [("release", "2.0")];

async fn demo_login(app: &TestApp, email: &str) -> Client {
    let c = app.client();
    let r = c.post("/api/users/login", &json!({"email": email, "password": DEMO_PASSWORD})).await;
    assert_eq!(r.status, StatusCode::OK, "{email}: {}", r.text);
    c
}

async fn figures(c: &Client) -> Value {
    let r = c.get("/api/dashboard/figures").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body
}

#[tokio::test]
async fn the_home_page_counts_the_plant_for_the_person_who_asks() {
    let app = spawn_with(&RELEASE).await;
    plantdoc_core::seed::demo(&app.state).await.expect("demo seed");
    let manager = demo_login(&app, "manager.process@demo.plant").await;
    let f = figures(&manager).await;
    let n = |k: &str| f["figures"][k].as_i64().unwrap_or_else(|| panic!("{k} in {f}"));
    // The demo: three SWPs and three alerts deployed, one alert waiting for the engineer stage.
    assert_eq!((n("swpsDeployed"), n("alertsDeployed"), n("alertsWaiting")), (3, 3, 0), "{f}");
    assert!(n("readingsOverdue") > 0, "{f}");
    assert_eq!(n("operatorsSignedToday"), 0);
    assert_eq!(f["signaturesByDay"], json!([0, 0, 0, 0, 0, 0, 0]));
    // The engineer stage's reviewer has the waiting alert on their count.
    let engineer = demo_login(&app, "engineer2@demo.plant").await;
    assert_eq!(figures(&engineer).await["figures"]["alertsWaiting"], 1);

    // A verified signature now: one operator signed today, one signature in today's bar.
    let pool = &app.state.db.pool;
    let (swp, hash): (String, String) = sqlx::query_as(
        "SELECT id, content_hash FROM swps WHERE status = 'deployed' ORDER BY part_number",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let mut tx = app.state.db.begin().await.unwrap();
    let op_id: String = sqlx::query_scalar("SELECT id FROM users WHERE badge = '1001'")
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    let op = plantdoc_core::auth::users::find_by_id(&mut tx, &op_id).await.unwrap().unwrap();
    let now = app.state.now_ms();
    let id = acks::sign(&mut tx, DocKind::new("swp"), &swp, &hash, &op, now).await.unwrap();
    assert!(acks::verify(&mut tx, &id, &op, now).await.unwrap());
    tx.commit().await.unwrap();
    let f = figures(&manager).await;
    assert_eq!(
        (f["figures"]["operatorsSignedToday"].as_i64(), f["signaturesByDay"][6].as_i64()),
        (Some(1), Some(1)),
        "{f}"
    );
    assert!(f["figures"].get("alertsSignedWithin30MinPct").is_none(), "no alert signed yet: {f}");
    // Two alert signatures: one verified 10 minutes after the read, one 40: 50 % within 30.
    let (alert, alert_hash): (String, String) = sqlx::query_as(
        "SELECT id, file_hash FROM alerts WHERE status = 'deployed' ORDER BY alert_tag",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    for (badge, minutes) in [("1002", 10), ("1003", 40)] {
        let mut tx = app.state.db.begin().await.unwrap();
        let id: String = sqlx::query_scalar("SELECT id FROM users WHERE badge = $1")
            .bind(badge)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
        let who = plantdoc_core::auth::users::find_by_id(&mut tx, &id).await.unwrap().unwrap();
        let read = now - 60 * 60 * 1000;
        let sign = acks::sign(&mut tx, DocKind::new("alert"), &alert, &alert_hash, &who, read)
            .await
            .unwrap();
        assert!(acks::verify(&mut tx, &sign, &who, read + minutes * 60 * 1000).await.unwrap());
        tx.commit().await.unwrap();
    }
    assert_eq!(figures(&manager).await["figures"]["alertsSignedWithin30MinPct"], 50);

    // Another company's manager sees none of it.
    app.add(plantdoc_core::auth::users::UserInput {
        firstname: "Uma".into(),
        lastname: "Other".into(),
        company_code: "umw".into(),
        zones: zone_list(&["A1"]),
        ..new_user("mgr@umw.plant", "manager", "process")
    })
    .await;
    let other = app.client();
    assert_eq!(
        other
            .post("/api/users/login", &json!({"email": "mgr@umw.plant", "password": PASSWORD}))
            .await
            .status,
        StatusCode::OK
    );
    let f = figures(&other).await;
    assert_eq!(
        (f["figures"]["swpsDeployed"].as_i64(), f["figures"]["operatorsSignedToday"].as_i64()),
        (Some(0), Some(0)),
        "{f}"
    );

    // `today` is the person's midnight, near now; anything else is a field error.
    let today = now - now.rem_euclid(24 * 3600 * 1000);
    assert_eq!(
        manager.get(&format!("/api/dashboard/figures?today={today}")).await.status,
        StatusCode::OK
    );
    for bad in ["yesterday", "0", &(now + 3 * 24 * 3600 * 1000).to_string()] {
        let r = manager.get(&format!("/api/dashboard/figures?today={bad}")).await;
        assert_eq!(
            (r.status, r.body["today"].is_string()),
            (StatusCode::BAD_REQUEST, true),
            "{bad}: {}",
            r.text
        );
    }
    // Staff only: the kiosk account and signed-out callers are refused.
    let kiosk = demo_login(&app, "kiosk@demo.plant").await;
    assert_eq!(kiosk.get("/api/dashboard/figures").await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.client().get("/api/dashboard/figures").await.status, StatusCode::UNAUTHORIZED);
}
