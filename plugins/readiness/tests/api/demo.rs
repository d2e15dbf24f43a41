//! The demo plant a newcomer walks (decision 102): every reading obligation the
//! demo seeds names a real deployed document, and the kiosk's tap on each (its part's
//! deployed SWP; an alert in the operator's feed of that zone) opens it — never 'Not
//! found.'. Some are overdue, for the readiness board to show.
use plantdoc_core::seed::DEMO_PASSWORD;
use reqwest::StatusCode;
use serde_json::json;

use super::support::RELEASE;
use crate::helpers::*;

#[tokio::test]
async fn every_seeded_obligation_opens_a_real_document_at_the_kiosk() {
    let app = spawn_with(&RELEASE).await;
    plantdoc_core::seed::demo(&app.state).await.expect("demo seed");
    let pool = &app.state.db.pool;
    let fake: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM readiness_obligations WHERE doc_id NOT IN \
         (SELECT id FROM swps WHERE status = 'deployed' UNION ALL SELECT id FROM alerts WHERE status = 'deployed')",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(fake, 0, "obligations naming no deployed document");
    let overdue: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM readiness_obligations WHERE state = 'open' AND due_date < $1",
    )
    .bind(app.state.now_ms())
    .fetch_one(pool)
    .await
    .unwrap();
    assert!(overdue > 0, "the demo shows overdue readings");

    let netbook = app.client();
    let r = netbook
        .post("/api/users/login", &json!({"email": "kiosk@demo.plant", "password": DEMO_PASSWORD}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let zones: String =
        sqlx::query_scalar("SELECT zones FROM users WHERE email = 'kiosk@demo.plant'")
            .fetch_one(pool)
            .await
            .unwrap();
    let zones: Vec<String> = serde_json::from_str(&zones).unwrap();
    // The demo's operators as the kiosk knows them: by their badges.
    let badges: Vec<String> = sqlx::query_scalar(
        "SELECT badge FROM users WHERE company_code = 'mpk' AND position = 'operator' AND badge IS NOT NULL ORDER BY badge",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut ops = Vec::new();
    for badge in &badges {
        let r = netbook.get(&format!("/api/island/operator-from-badge/{badge}")).await;
        assert_eq!(r.status, StatusCode::OK, "{badge}: {}", r.text);
        ops.push(r.body["_id"].as_str().unwrap().to_string());
    }
    assert!(ops.len() >= 3, "the demo's operators: {badges:?}");
    let mut opened = 0;
    for zone in &zones {
        for op in &ops {
            let todo = netbook.get(&format!("/api/island/obligations/{zone}/{op}")).await;
            assert_eq!(todo.status, StatusCode::OK, "{zone} {op}: {}", todo.text);
            for item in todo.body.as_array().unwrap() {
                // The tap: the part's status page, which loads its deployed SWP.
                let part = item["partId"].as_str().unwrap();
                let swp = netbook.get(&format!("/api/swps/deployed-swp?partId={part}")).await;
                assert_eq!(swp.status, StatusCode::OK, "{item}: {}", swp.text);
                assert!(swp.body["details"].is_object(), "{item}: no deployed SWP: {}", swp.text);
                if item["kind"] == "alert" {
                    let feed =
                        netbook.get(&format!("/api/alerts/operator-alerts/{zone}/{op}")).await;
                    assert_eq!(feed.status, StatusCode::OK, "{}", feed.text);
                    let tag = &item["alertTag"];
                    assert!(
                        feed.body.as_array().unwrap().iter().any(|a| &a["alertTag"] == tag),
                        "{tag} not in the {zone} feed"
                    );
                }
                opened += 1;
            }
        }
    }
    assert!(opened >= 6, "the kiosk's lists name the demo's documents: {opened} opened");
}
