//! Periodic review: a deployed SWP is due 12 months after its deploy (`reviewDue` on its
//! answer), its owners are told 30 days before and, once overdue, its managers too; the
//! owner or a manager signs a verdict with their password (keep moves the date, revise
//! opens a change request, obsolete needs its reason); the backlog by month and a
//! manager's spread of first dates.
use reqwest::StatusCode;
use serde_json::json;

use super::requests::RELEASE;
use crate::helpers::*;
use crate::swp::support::{crew, deployed, person};

const DAY: i64 = 24 * 3600;

fn told(kind: &str) -> String {
    format!("SELECT COUNT(*) FROM notifications WHERE kind = '{kind}'")
}

#[tokio::test]
async fn a_document_is_due_for_review_at_twelve_months_and_its_verdicts_are_signed() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "P1", json!({})).await;
    let other = deployed(&crew, "P2", json!({})).await;
    let swp = crew.eng.get(&format!("/api/swps/swp/{id}")).await.body;
    assert_eq!(swp["swp"]["reviewDue"], "2027-01-01T00:00:00.000Z", "{swp}");
    assert_eq!(crew.eng.get("/api/changes/reviews").await.body, json!({"items": []}));
    // 31 days before: not yet told; 30 days before: the owner is told, once.
    app.clock.advance_secs(334 * DAY);
    assert_eq!(plantdoc_changes::tell_reviews(&app.state, 30).await.unwrap(), 0);
    app.clock.advance_secs(DAY);
    assert_eq!(plantdoc_changes::tell_reviews(&app.state, 30).await.unwrap(), 2);
    assert_eq!(plantdoc_changes::tell_reviews(&app.state, 30).await.unwrap(), 0);
    assert_eq!(scalar(&app, &told("changes.review-due")).await, 2);
    crew.relogin().await;
    let due = crew.eng.get("/api/changes/reviews?due_within_days=30").await.body;
    let items = due["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{due}");
    assert_eq!(
        (items[0]["kind"].as_str(), items[0]["overdue"].as_bool()),
        (Some("swp"), Some(false))
    );
    assert_eq!(
        items[0]["evidence"],
        json!({"signatures": 0, "revisions": 0, "openReadings": 0, "overdueReadings": 0})
    );
    assert_eq!(items[0]["maySign"], true);
    let r = crew.eng.get("/api/changes/reviews?due_within_days=-1").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);

    // The verdict is signed: the password, the owner or a manager, a reason but to keep.
    let url = format!("/api/changes/reviews/swp/{id}");
    let r = crew.eng.post(&url, &json!({"verdict": "keep", "password": "wrong-password-1"})).await;
    assert_eq!(r.body, json!({"password": "Incorrect password."}));
    let r = crew.eng.post(&url, &json!({"verdict": "obsolete", "password": PASSWORD})).await;
    assert_eq!(r.body, json!({"note": "Please say what must change, or why it is obsolete."}));
    let r = crew.eng.post(&url, &json!({"verdict": "maybe"})).await;
    assert_eq!(
        r.body,
        json!({"verdict": "The verdict is keep, revise or obsolete.", "password": "Your password is required."})
    );
    let (sup, _) = person(&app, "sup.review@demo.plant", "supervisor", "production").await;
    assert_eq!(
        sup.post(&url, &json!({"verdict": "keep", "password": PASSWORD})).await.status,
        StatusCode::FORBIDDEN
    );
    let r = crew
        .eng
        .post(&url, &json!({"verdict": "keep", "note": "Still right", "password": PASSWORD}))
        .await;
    assert_eq!(
        (r.status, r.body["nextDue"].as_str()),
        (StatusCode::OK, Some("2027-12-02T00:00:00.000Z")),
        "{}",
        r.text
    );
    assert_eq!(audit_count(&app, "change.review-verdict").await, 1);
    let swp = crew.eng.get(&format!("/api/swps/swp/{id}")).await.body;
    assert_eq!(swp["swp"]["reviewDue"], "2027-12-02T00:00:00.000Z");

    // Overdue: the owner and the company's managers are told; revise opens a change request.
    app.clock.advance_secs(31 * DAY);
    crew.relogin().await;
    assert_eq!(plantdoc_changes::tell_reviews(&app.state, 30).await.unwrap(), 1);
    assert!(scalar(&app, &told("changes.review-overdue")).await >= 2, "owner and managers");
    let (pm, _) = person(&app, "pm.review@demo.plant", "manager", "process").await;
    let r = pm
        .post(
            &format!("/api/changes/reviews/swp/{other}"),
            &json!({"verdict": "revise", "note": "New fixture", "password": PASSWORD}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let n = r.body["changeRequest"].as_str().unwrap().to_string();
    let c = pm.get(&format!("/api/changes/{n}")).await.body;
    assert_eq!(
        (c["state"].as_str(), c["reason"].as_str()),
        (Some("in review"), Some("New fixture"))
    );
    assert_eq!(c["documents"], json!([{"kind": "swp", "partNumber": "P2"}]));
}

#[tokio::test]
async fn the_backlog_by_month_and_a_spread_of_first_dates() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    for p in ["P1", "P2", "P3"] {
        deployed(&crew, p, json!({})).await;
    }
    let backlog = crew.eng.get("/api/changes/reviews/backlog").await.body;
    assert_eq!(backlog, json!([{"month": "2027-01", "due": 3}]));
    let r = crew.eng.post("/api/changes/reviews/spread", &json!({"months": 3})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let (pm, _) = person(&app, "pm.spread@demo.plant", "manager", "process").await;
    let r = pm.post("/api/changes/reviews/spread", &json!({"months": 0})).await;
    assert_eq!(r.body, json!({"months": "A number of months from 1 to 36."}));
    let r = pm.post("/api/changes/reviews/spread", &json!({"months": 3})).await;
    assert_eq!(r.body, json!({"moved": 3, "months": 3}));
    let backlog = crew.eng.get("/api/changes/reviews/backlog").await.body;
    assert_eq!(
        backlog,
        json!([{"month": "2026-02", "due": 1}, {"month": "2026-03", "due": 1}, {"month": "2026-04", "due": 1}])
    );
    assert_eq!(audit_count(&app, "change.review-spread").await, 1);
}

#[tokio::test]
async fn an_obsolete_verdict_removes_the_document_through_its_delete_in_the_same_act() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "P1", json!({})).await;
    let url = format!("/api/changes/reviews/swp/{id}");
    let obsolete = json!({"verdict": "obsolete", "note": "Line closed", "password": PASSWORD});
    // Its Delete refuses (here: the SWP left the floor meanwhile, the review still open):
    // the verdict is refused too, and nothing of it is recorded.
    let set = |status: &'static str| {
        sqlx::query("UPDATE swps SET status = $1 WHERE id = $2")
            .bind(status)
            .bind(id.clone())
            .execute(&app.state.db.pool)
    };
    set("obsolete").await.unwrap();
    let r = crew.eng.post(&url, &obsolete).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
    assert_eq!(audit_count(&app, "change.review-verdict").await, 0);
    set("deployed").await.unwrap();
    let r = crew.eng.post(&url, &obsolete).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let status: String = sqlx::query_scalar("SELECT status FROM swps WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(status, "deleted", "removed from the floor by its own Delete");
    let why: String = sqlx::query_scalar(
        "SELECT meaning FROM audit_log WHERE action = 'swp.delete' AND target = $1",
    )
    .bind(format!("swp:{id}"))
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert!(why.contains("removed from the plant floor") && why.contains("Line closed"), "{why}");
    assert_eq!(audit_count(&app, "change.review-verdict").await, 1);
    let due = crew.eng.get("/api/changes/reviews?due_within_days=3660").await.body;
    assert_eq!(due["items"], json!([]), "its review ended with it");
}

#[tokio::test]
async fn documents_on_the_floor_before_the_module_get_their_review_dates() {
    let app = spawn_with(&RELEASE).await;
    let boss = app.signed_in_plant_admin("boss.reviews@demo.plant", "manager", "process").await;
    let switch = |on: bool| json!({"id": "changes", "enabled": on});
    let r = boss.post("/api/modules/switch", &switch(false)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let crew = crew(&app).await;
    for p in ["P1", "P2"] {
        deployed(&crew, p, json!({})).await;
    }
    let r = boss.post("/api/modules/switch", &switch(true)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // The backlog shows them at once, a year after their deploy, and the list names them.
    let backlog = crew.eng.get("/api/changes/reviews/backlog").await.body;
    assert_eq!(backlog, json!([{"month": "2027-01", "due": 2}]));
    let due = crew.eng.get("/api/changes/reviews?due_within_days=3660").await.body;
    let mut titles: Vec<&str> =
        due["items"].as_array().unwrap().iter().map(|i| i["title"].as_str().unwrap()).collect();
    titles.sort();
    assert_eq!(titles, ["SWP P1", "SWP P2"], "{due}");
    assert_eq!(due["items"][0]["maySign"], true, "its owner signs it");
}

#[tokio::test]
async fn the_review_evidence_counts_the_readings_the_floor_still_owes() {
    use crate::readiness::support::{operator, signed_before};
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    // An operator of A1 read revision 0: revision 1 opens their reading obligation.
    let op = operator(&app, "1201", "mpk", &["A1"]).await;
    let rev0 = deployed(&crew, "P9", json!({})).await;
    signed_before(&app, &rev0, &op, app.state.now_ms() - 1000, true).await;
    app.clock.advance_secs(3600);
    let rev1 = deployed(&crew, "P9", json!({"changes": "New torque"})).await;
    app.clock.advance_secs(360 * DAY);
    crew.relogin().await;
    let due = crew.eng.get("/api/changes/reviews?due_within_days=30").await.body;
    let item = due["items"].as_array().unwrap().iter().find(|i| i["docId"] == rev1.as_str());
    let item = item.unwrap_or_else(|| panic!("{due}"));
    assert_eq!(item["evidence"]["overdueReadings"], 1, "{item}");
    assert_eq!(item["evidence"]["openReadings"], 0, "{item}");
}
