//! One person, one stage (decision 48): one person approves at most one stage of an alert,
//! whatever their position later.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::users::scope::{as_edit, listed};

#[tokio::test]
async fn the_engineer_who_approved_does_not_approve_again_as_manager() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let hr = app.signed_in("hr.boss@demo.plant", "manager", "paint").await;
    let a = submit(&crew.eng, json!({})).await;
    let approve = format!("/api/alerts/approve/{}", a["_id"].as_str().unwrap());
    assert_eq!(
        crew.reviewer.post(&approve, &json!({})).await.status,
        StatusCode::OK,
        "the engineer stage"
    );
    // Promoted to manager (of a department that reviews the manager stage).
    let mut e = as_edit(&listed(&hr, "qe@demo.plant").await);
    e["position"] = json!("manager");
    assert_eq!(hr.post("/api/users/edit", &e).await.status, StatusCode::OK);
    let r = crew.reviewer.post(&approve, &json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert_eq!(r.body["error"], "You approved the engineer stage of this alert: another person approves each of the other stages.");
    let r = crew.manager.post(&approve, &json!({})).await;
    assert_eq!(r.body["alert"]["status"], "deployed", "{}", r.text);
}
