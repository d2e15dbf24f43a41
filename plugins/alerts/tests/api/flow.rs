//! Upload, field errors, the two review stages, lists and deletion.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;
use crate::swp::support::person;

fn ids(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|a| a["_id"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn field_errors_come_as_one_map_and_files_are_checked_by_content() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    // Not a PDF by content, whatever its name and type.
    let r = upload(&eng, "fake.pdf", b"GIF89a not a pdf").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(r.body.is_object(), "{}", r.text);
    let r = eng.post("/api/alerts/uploadS3", &json!({})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let keys: Vec<&str> = r.body.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["alertFile", "alertType", "effectiveDate", "partNumber", "sunsetDate", "zones"],
        "{}",
        r.text
    );
    let f = upload_ok(&eng, "A").await;
    let cases = [
        (json!({"alertType": "Urgent"}), "alertType"),
        (json!({"zones": ["ZZ"]}), "zones"),
        (json!({"zones": []}), "zones"),
        (json!({"sunsetDate": at(0)}), "sunsetDate"),
        (json!({"effectiveDate": at(8), "sunsetDate": at(4)}), "sunsetDate"),
        (json!({"effectiveDate": "2026-01-01T00:10:00Z"}), "effectiveDate"),
        (json!({"sunsetDate": "next week"}), "sunsetDate"),
        (json!({"changes": "x".repeat(141)}), "changes"),
        (json!({"onBehalfOf": "nobody"}), "onBehalfOf"),
        (json!({"partNumber": "bad*part"}), "partNumber"),
        (json!({"alertFile": {"serverId": "not-mine"}}), "alertFile"),
    ];
    for (extra, field) in cases {
        let r = eng.post("/api/alerts/uploadS3", &payload(&f, extra.clone())).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{extra}: {}", r.text);
        assert_eq!(
            r.body.as_object().unwrap().keys().collect::<Vec<_>>(),
            vec![field],
            "{extra}: {}",
            r.text
        );
    }
    // 140 characters are fine; the file is then attached and cannot be used twice.
    let r = eng
        .post(
            "/api/alerts/uploadS3",
            &payload(&f, json!({"changes": "y".repeat(140), "alertType": "New Part"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(r.body["alert"]["alertTag"].as_str().unwrap().starts_with("N-2026-"), "{}", r.text);
    let r = eng.post("/api/alerts/uploadS3", &payload(&f, json!({}))).await;
    assert_eq!(r.body.as_object().unwrap().keys().collect::<Vec<_>>(), vec!["alertFile"]);
}

#[tokio::test]
async fn engineer_then_manager_deploys_with_audit_and_readable_unique_tags() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let (other_eng, _) = person(&app, "eng2@demo.plant", "engineer", "process").await;
    let a = submit(&crew.eng, json!({})).await;
    let b = submit(&crew.eng, json!({})).await;
    let c = submit(&crew.eng, json!({"alertType": "Change"})).await;
    assert_eq!(
        (a["alertTag"].as_str(), b["alertTag"].as_str(), c["alertTag"].as_str()),
        (Some("S-2026-0001"), Some("S-2026-0002"), Some("C-2026-0001"))
    );
    assert_eq!(a["partNumber"], "AL-100");
    assert_eq!(a["approvals"]["engineer"]["status"], "Pending");
    let id = a["_id"].as_str().unwrap();
    // The author never reviews; the manager waits for the engineer stage.
    assert!(ids(&crew.eng.get("/api/alerts/pending-my-approval").await.body).is_empty());
    assert_eq!(
        crew.eng.post(&format!("/api/alerts/approve/{id}"), &json!({})).await.status,
        StatusCode::FORBIDDEN
    );
    assert!(!ids(&crew.manager.get("/api/alerts/pending-my-approval").await.body)
        .contains(&id.to_string()));
    let r = crew.manager.post(&format!("/api/alerts/approve/{id}"), &json!({})).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("The engineer stage reviews this alert first."))
    );
    let mine = ids(&crew.reviewer.get("/api/alerts/pending-my-approval").await.body);
    assert_eq!(mine.len(), 3);
    assert!(
        ids(&other_eng.get("/api/alerts/pending-my-approval").await.body).contains(&id.to_string())
    );
    // Engineer stage, then manager stage: deployed.
    let r = crew
        .reviewer
        .post(&format!("/api/alerts/approve/{id}"), &json!({"reviewNote": "ok"}))
        .await;
    assert_eq!(
        (r.status, r.body["alert"]["status"].as_str()),
        (StatusCode::OK, Some("pending")),
        "{}",
        r.text
    );
    assert_eq!(r.body["alert"]["approvals"]["engineer"]["status"], "Approved");
    let r = other_eng.post(&format!("/api/alerts/approve/{id}"), &json!({})).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("This alert is not waiting for a engineer review."))
    );
    assert!(ids(&crew.manager.get("/api/alerts/pending-my-approval").await.body)
        .contains(&id.to_string()));
    let r = crew.manager.post(&format!("/api/alerts/approve/{id}"), &json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let d = &r.body["alert"];
    assert_eq!(
        (d["status"].as_str(), d["approvals"]["manager"]["status"].as_str()),
        (Some("deployed"), Some("Approved"))
    );
    assert!(d["deployedDate"].is_string());
    // Reject needs a note, and returns the alert to its author.
    let bid = b["_id"].as_str().unwrap();
    let r = crew
        .reviewer
        .post(&format!("/api/alerts/reject/{bid}"), &json!({"reviewNote": "  "}))
        .await;
    assert_eq!(
        (r.status, r.body.as_object().unwrap().keys().next().map(String::as_str)),
        (StatusCode::BAD_REQUEST, Some("reviewNote"))
    );
    let r = crew
        .reviewer
        .post(&format!("/api/alerts/reject/{bid}"), &json!({"reviewNote": "Wrong part"}))
        .await;
    assert_eq!(r.body["alert"]["status"], "rejected");
    assert_eq!(r.body["alert"]["approvals"]["engineer"]["note"], "Wrong part");
    // Lists: pending (with mine), deployed with opSigned, Browse.
    let pending = crew.eng.get("/api/alerts/user-pending-alerts").await.body;
    assert_eq!(ids(&pending).len(), 2);
    assert!(pending
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["mine"] == true && a["approvals"]["manager"]["status"] == "Pending"));
    let deployed = crew.manager.get("/api/alerts/user-deployed-alerts").await.body;
    assert_eq!(ids(&deployed), vec![id.to_string()]);
    assert_eq!(
        (deployed[0]["mine"].as_bool(), deployed[0]["opSigned"].as_array().map(Vec::len)),
        (Some(false), Some(0))
    );
    assert_eq!(ids(&crew.eng.get("/api/alerts/deployed").await.body), vec![id.to_string()]);
    let url = crew.manager.get(&format!("/api/alerts/signed-url/{id}")).await;
    assert_eq!(url.status, StatusCode::OK);
    let link = url.body.as_str().unwrap();
    let full = if link.starts_with('/') { format!("{}{link}", app.base) } else { link.to_string() };
    let bytes = reqwest::get(&full).await.unwrap().bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "{full}");
    // Every act audited.
    let n =
        scalar(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE target = 'alert:{id}'")).await;
    assert_eq!(n, 4, "submit, approve, approve, deploy");
    // Deleting: pending by its author, deployed by a manager; a deleted alert is gone.
    let r = crew.eng.post("/api/alerts/delete-pending", &json!([bid, c["_id"]])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = crew.reviewer.post("/api/alerts/delete-deployed", &json!([id])).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("Only an alert's authors and managers delete it."))
    );
    assert_eq!(
        crew.manager.post("/api/alerts/delete-deployed", &json!([id])).await.status,
        StatusCode::OK
    );
    assert_eq!(
        crew.eng.get(&format!("/api/alerts/alert/{id}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert!(ids(&crew.eng.get("/api/alerts/user-pending-alerts").await.body).is_empty());
}

#[tokio::test]
async fn concurrent_manager_approvals_deploy_once() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let (m2, _) = person(&app, "qm@demo.plant", "manager", "quality").await;
    let a = submit(&crew.eng, json!({})).await;
    let id = a["_id"].as_str().unwrap().to_string();
    assert_eq!(
        crew.reviewer.post(&format!("/api/alerts/approve/{id}"), &json!({})).await.status,
        StatusCode::OK
    );
    let path = format!("/api/alerts/approve/{id}");
    let empty = json!({});
    let (r1, r2) = tokio::join!(crew.manager.post(&path, &empty), m2.post(&path, &empty));
    let mut st = [r1.status, r2.status];
    st.sort();
    assert_eq!(st, [StatusCode::OK, StatusCode::CONFLICT], "{} / {}", r1.text, r2.text);
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE target = 'alert:{id}' AND action = 'alert.deploy'")).await, 1);
}
