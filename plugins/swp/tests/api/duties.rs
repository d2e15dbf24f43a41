//! One person, one stage (decision 48): one person approves at most one stage of an SWP,
//! whatever their department later (the recorded approvals count, not who they are now).
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::users::scope::{as_edit, listed};

#[tokio::test]
async fn one_person_approves_one_stage_whatever_their_department_later() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let (prm, _) = person(&app, "prm@demo.plant", "manager", "production").await;
    let hr = app.signed_in("hr.boss@demo.plant", "manager", "paint").await;
    let id = submit(&crew.eng, "7101-0001", json!({})).await;
    let approve = format!("/api/swps/approve/{id}");
    assert_eq!(prm.post(&approve, &json!({})).await.status, StatusCode::OK, "the production stage");

    // They cannot move themself to another department ...
    let mut me = as_edit(&listed(&prm, "prm@demo.plant").await);
    me["department"] = json!("process");
    assert_eq!(
        prm.post("/api/users/edit", &me).await.body,
        json!({"department": "You cannot change your own department."})
    );
    // ... and when another manager moves them, their first approval still counts.
    for department in ["process", "quality"] {
        let mut e = as_edit(&listed(&hr, "prm@demo.plant").await);
        e["department"] = json!(department);
        assert_eq!(hr.post("/api/users/edit", &e).await.status, StatusCode::OK);
        let r = prm.post(&approve, &json!({})).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{department}: {}", r.text);
        assert_eq!(r.body["error"], "You approved the production stage of this SWP: another person approves each of the other stages.");
    }
    // Two other people approve: it deploys with three names.
    for c in [&crew.process, &crew.quality] {
        assert_eq!(c.post(&approve, &json!({})).await.status, StatusCode::OK);
    }
    let swp = crew.eng.get(&format!("/api/swps/swp/{id}")).await.body["swp"].clone();
    assert_eq!(swp["status"], "deployed");
    let names: std::collections::BTreeSet<String> = ["process", "quality", "production"]
        .iter()
        .map(|k| swp["approvals"][k]["reviewer"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names.len(), 3, "{}", swp["approvals"]);
    assert_eq!(audit_count(&app, "swp.approve").await, 3);
}
