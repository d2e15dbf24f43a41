//! Change requests: raised with their fields checked, reviewed in turn by the process and
//! quality stages (separation of duties kept), listed with filters, closed by a manager.
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::swp::support::{add, login, person};

/// The module's release, where it is switched on.
pub const RELEASE: [(&str, &str); 1] = [("release", "2.0")];

pub fn body(parts: &[&str]) -> Value {
    let docs: Vec<Value> = parts.iter().map(|p| json!({"kind": "swp", "partNumber": p})).collect();
    json!({"title": "New torque for the bracket", "reason": "8D-1234 found loose bolts",
        "references": ["8D-1234", "CAPA-77", "8D-1234"], "documents": docs, "zones": ["A1", "B2"]})
}

/// The reviewers of a change request: a process supervisor and a quality manager.
pub struct Board {
    pub eng: Client,
    pub process: Client,
    pub quality: Client,
}

pub async fn board(app: &TestApp) -> Board {
    let (eng, _) = person(app, "cr.eng@demo.plant", "engineer", "process").await;
    let (process, _) = person(app, "cr.process@demo.plant", "supervisor", "process").await;
    let (quality, _) = person(app, "cr.quality@demo.plant", "manager", "quality").await;
    Board { eng, process, quality }
}

/// Raised by the engineer and approved by both stages; answers its number.
pub async fn approved(b: &Board, extra: Value) -> String {
    let mut req = body(&["P1"]);
    for (k, v) in extra.as_object().unwrap() {
        req[k] = v.clone();
    }
    let r = b.eng.post("/api/changes", &req).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let n = r.body["id"].as_str().unwrap().to_string();
    for c in [&b.process, &b.quality] {
        let r = c.post(&format!("/api/changes/approve/{n}"), &json!({"reviewNote": ""})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    }
    n
}

#[tokio::test]
async fn a_change_request_is_raised_checked_and_reviewed_in_turn() {
    let app = spawn_with(&RELEASE).await;
    let b = board(&app).await;
    // Every field checked at once, in the spec's shape.
    let r = b
        .eng
        .post(
            "/api/changes",
            &json!({"title": " ", "references": "x", "documents": [{"kind": "pdf", "partNumber": "P1"}],
                "zones": ["A1"], "effective": {"B2": "2026-01-05"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(
        r.body,
        json!({"title": "This field is required.", "reason": "This field is required.",
            "references": "References are a list of texts.", "documents": "A document's kind is 'swp' or 'alert'.",
            "effective": "B2 is not a zone of this change request."})
    );
    let mut past = body(&["P1"]);
    past["effective"] = json!({"A1": "2025-12-31"});
    let r = b.eng.post("/api/changes", &past).await;
    assert_eq!(r.body, json!({"effective": "The effective date of A1 is in the past."}));
    // Operators and reviewers do not raise one.
    let (sup, _) = person(&app, "cr.sup@demo.plant", "supervisor", "production").await;
    assert_eq!(sup.post("/api/changes", &body(&["P1"])).await.status, StatusCode::FORBIDDEN);

    let mut req = body(&["p1", "P1"]);
    req["effective"] = json!({"A1": "2026-01-07"});
    let r = b.eng.post("/api/changes", &req).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let c = r.body;
    assert_eq!(c["id"], "CR-2026-0001");
    assert_eq!(c["state"], "in review");
    assert_eq!(c["references"], json!(["8D-1234", "CAPA-77"]));
    assert_eq!(c["documents"], json!([{"kind": "swp", "partNumber": "P1"}]));
    assert_eq!(
        c["zones"][0],
        json!({"zone": "A1", "effective": "2026-01-07", "state": "pending", "liveAt": null, "liveOperator": null, "liveVerifier": null})
    );
    assert_eq!(c["zones"][1]["effective"], Value::Null);
    assert_eq!(audit_count(&app, "change.submit").await, 1);
    // In turn: quality waits for process; nobody reviews their own; one person one stage.
    let r = b.quality.post("/api/changes/approve/CR-2026-0001", &json!({})).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("The process stage reviews this change request first.")),
        "{}",
        r.text
    );
    let (pm, _) = person(&app, "cr.pm@demo.plant", "manager", "process").await;
    app.clock.advance_secs(60);
    let own =
        pm.post("/api/changes", &body(&["P2"])).await.body["id"].as_str().unwrap().to_string();
    let r = pm.post(&format!("/api/changes/approve/{own}"), &json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    let r = b.process.post("/api/changes/approve/CR-2026-0001", &json!({})).await;
    assert_eq!((r.status, &r.body["state"]), (StatusCode::OK, &json!("in review")), "{}", r.text);
    assert_eq!(r.body["approvals"]["process"]["status"], "Approved");
    let r = b.quality.post("/api/changes/approve/CR-2026-0001", &json!({})).await;
    assert_eq!(r.body["state"], "approved", "{}", r.text);
    assert_eq!(audit_count(&app, "change.release").await, 1);
    // A rejection returns one to its author as a draft (note required).
    let r = b.process.post(&format!("/api/changes/reject/{own}"), &json!({"reviewNote": ""})).await;
    assert_eq!(r.body, json!({"reviewNote": "Please enter a note for the author."}));
    let r = b
        .process
        .post(&format!("/api/changes/reject/{own}"), &json!({"reviewNote": "Which torque?"}))
        .await;
    assert_eq!(r.body["state"], "draft", "{}", r.text);

    // Lists: paged, filtered by state and words, of the company only.
    let all = b.eng.get("/api/changes").await.body;
    assert_eq!((all["total"].as_i64(), all["page"].as_i64()), (Some(2), Some(1)));
    assert_eq!(all["items"][0]["id"], own);
    let approved = b.eng.get("/api/changes?state=approved").await.body;
    assert_eq!(approved["items"].as_array().unwrap().len(), 1);
    assert_eq!(b.eng.get("/api/changes?q=capa-77&state=draft").await.body["total"], 1);
    let r = b.eng.get("/api/changes?state=open").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["state"].is_string(), "{}", r.text);
    add(&app, "cr.other@umw.plant", "engineer", "process", "umw", &["A1"]).await;
    let other = login(&app, "cr.other@umw.plant").await;
    assert_eq!(other.get("/api/changes").await.body["total"], 0);
    assert_eq!(other.get("/api/changes/CR-2026-0001").await.status, StatusCode::NOT_FOUND);
    // A manager closes an approved one with a reason; nobody else, and not twice.
    let r = b.eng.post("/api/changes/CR-2026-0001/close", &json!({"reason": "done"})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = b.quality.post("/api/changes/CR-2026-0001/close", &json!({"reason": " "})).await;
    assert_eq!(r.body, json!({"reason": "Please give the reason for closing it."}));
    let r = b
        .quality
        .post("/api/changes/CR-2026-0001/close", &json!({"reason": "Superseded by CR-2026-0009"}))
        .await;
    assert_eq!(
        (r.body["state"].as_str(), r.body["closeReason"].as_str()),
        (Some("closed"), Some("Superseded by CR-2026-0009")),
        "{}",
        r.text
    );
    let r = b.quality.post("/api/changes/CR-2026-0001/close", &json!({"reason": "again"})).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(audit_count(&app, "change.close").await, 1);
}

#[tokio::test]
async fn a_change_request_is_cancelled_by_its_author_or_a_manager_with_a_reason() {
    let app = spawn_with(&RELEASE).await;
    let b = board(&app).await;
    let n =
        b.eng.post("/api/changes", &body(&["P1"])).await.body["id"].as_str().unwrap().to_string();
    let cancel = format!("/api/changes/{n}/cancel");
    // Another engineer is neither its author nor a manager; the reason is required.
    let (other, _) = person(&app, "cr.other@demo.plant", "engineer", "quality").await;
    let r = other.post(&cancel, &json!({"reason": "not needed"})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    let r = b.eng.post(&cancel, &json!({"reason": " "})).await;
    assert_eq!(r.body, json!({"reason": "Please give the reason for cancelling it."}));
    let r = b.eng.post(&cancel, &json!({"reason": "The supplier withdrew the part"})).await;
    assert_eq!(
        (r.status, r.body["state"].as_str()),
        (StatusCode::OK, Some("cancelled")),
        "{}",
        r.text
    );
    assert_eq!(audit_count(&app, "change.cancel").await, 1, "the act is audited");
    // Cancelled: no review, no revision, listed under its state, not cancelled twice.
    let r = b.process.post(&format!("/api/changes/approve/{n}"), &json!({"reviewNote": ""})).await;
    assert!(r.status.is_client_error(), "{}", r.text);
    let list = b.eng.get("/api/changes?state=cancelled").await.body;
    assert_eq!(list["items"][0]["id"], n.as_str(), "{list}");
    let r = b.eng.post(&cancel, &json!({"reason": "again"})).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
}

#[tokio::test]
async fn a_plant_chooses_the_stages_its_change_requests_go_through() {
    let app =
        spawn_with(&[("release", "2.0"), ("modules.changes.stages", "quality production")]).await;
    let b = board(&app).await;
    let (prod, _) = person(&app, "cr.production@demo.plant", "supervisor", "production").await;
    let r = b.eng.post("/api/changes", &body(&["P1"])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let n = r.body["id"].as_str().unwrap().to_string();
    assert_eq!(r.body["approvals"]["process"]["status"], "Not required", "{}", r.text);
    // The process stage is not this plant's: its reviewer has nothing to judge; production
    // waits for quality, then approves last.
    let approve = |c: &Client| {
        let url = format!("/api/changes/approve/{n}");
        let c = c.clone();
        async move { c.post(&url, &json!({"reviewNote": ""})).await }
    };
    assert!(approve(&b.process).await.status.is_client_error());
    assert!(approve(&prod).await.status.is_client_error(), "quality first");
    assert_eq!(approve(&b.quality).await.status, StatusCode::OK);
    let r = approve(&prod).await;
    assert_eq!(
        (r.status, r.body["state"].as_str()),
        (StatusCode::OK, Some("approved")),
        "{}",
        r.text
    );
    assert_eq!(r.body["approvals"]["production"]["status"], "Approved");
}
