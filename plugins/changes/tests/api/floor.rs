//! Change control on the documents: every revision after a part's first needs its reason
//! (whatever 'New Release' says) while the module is on, and not when it is off; a
//! revision names an open change request that lists it, is listed on it, and the first
//! verified signature of it in a zone is the change's cut-in there.
use reqwest::StatusCode;
use serde_json::json;

use super::requests::{approved, board, RELEASE};
use crate::helpers::*;
use crate::island::support::plant;
use crate::swp::support::{approve_all, crew, file_ids, payload, submit};

const REASON: &str =
    "Please give the reason for this change: change control needs it on every revision.";

#[tokio::test]
async fn a_revision_carries_its_reason_and_its_change_request() {
    let app = spawn_with(&RELEASE).await;
    let p = plant(&app, "P1").await;
    let crew = crate::island::support::plant_crew(&app).await;
    // The first revision needs no reason; a second one does, even as a 'New Release'.
    let files = file_ids(&crew.eng, "r1").await;
    let r = crew.eng.post("/api/swps/uploadS3", &payload(files.clone(), "P1", json!({}))).await;
    assert_eq!(
        (r.status, r.body["changes"].as_str()),
        (StatusCode::BAD_REQUEST, Some(REASON)),
        "{}",
        r.text
    );
    // A change request must exist, be open and list the document.
    let r = crew
        .eng
        .post(
            "/api/swps/uploadS3",
            &payload(
                files.clone(),
                "P1",
                json!({"changes": "torque", "changeRequest": "CR-2026-0042"}),
            ),
        )
        .await;
    assert_eq!(r.body, json!({"changeRequest": "There is no change request with this number."}));
    let b = board(&app).await;
    let other = approved(&b, json!({"documents": [{"kind": "alert", "partNumber": "P1"}]})).await;
    let r = crew
        .eng
        .post(
            "/api/swps/uploadS3",
            &payload(files.clone(), "P1", json!({"changes": "torque", "changeRequest": other})),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"changeRequest": "This change request does not list this document; add it there first."})
    );
    let n = approved(&b, json!({})).await;
    let r = crew
        .eng
        .post(
            "/api/swps/uploadS3",
            &payload(files, "P1", json!({"changes": "New torque 12 Nm", "changeRequest": n})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["swp"]["changeRequest"], n.as_str());
    let id = r.body["swp"]["_id"].as_str().unwrap().to_string();
    let c = b.eng.get(&format!("/api/changes/{n}")).await.body;
    assert_eq!(c["revisions"].as_array().unwrap().len(), 1);
    assert_eq!(
        (c["revisions"][0]["docId"].as_str(), c["revisions"][0]["reason"].as_str()),
        (Some(id.as_str()), Some("New torque 12 Nm"))
    );
    assert_eq!(c["revisions"][0]["deployedAt"], serde_json::Value::Null);
    let swp = approve_all(&crew, &id).await;
    assert_eq!(swp["revision"], 1);
    // The auditor's file names each revision's reason, and its change request.
    let (status, _, csv) =
        crate::swp::audit_file::download(&crew.quality, "/api/swps/audit-file/P1.csv").await;
    assert_eq!(status, StatusCode::OK);
    let csv = String::from_utf8(csv).unwrap();
    let want = format!("New torque 12 Nm; change request {n}");
    assert!(
        csv.lines().any(|l| l.starts_with("\"reason\",\"1\"")
            && l.contains("Reason for change")
            && l.contains(&want)),
        "{csv}"
    );
    // Verification History names the revision, its reason and its change request, and
    // so does the superseded revision's group.
    let h = crew.quality.get(&format!("/api/island/sign-history/{id}")).await.body;
    assert_eq!(
        (&h["revision"], h["changes"].as_str(), &h["changeRequest"]),
        (&json!(1), Some("New torque 12 Nm"), &json!(n)),
        "{h}"
    );
    let old = crew.quality.get("/api/island/obsolete-sign-history/P1").await.body;
    assert_eq!((&old[0]["revision"], &old[0]["changeRequest"]), (&json!(0), &json!(null)), "{old}");
    let c = b.eng.get(&format!("/api/changes/{n}")).await.body;
    assert!(c["revisions"][0]["deployedAt"].is_string(), "{c}");
    // Its revision is on the floor: it is closed, never cancelled.
    let r = b.quality.post(&format!("/api/changes/{n}/cancel"), &json!({"reason": "x"})).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
    assert_eq!(c["zones"][0]["liveAt"], serde_json::Value::Null);
    // The cut-in: the first verified signature of the new revision at a kiosk of A1.
    app.clock.advance_secs(3600);
    let p = crate::island::support::Plant { swp_id: id, ..p };
    p.signed("cut").await;
    let c = b.eng.get(&format!("/api/changes/{n}")).await.body;
    let a1 = &c["zones"][0];
    assert_eq!(
        (a1["zone"].as_str(), a1["liveOperator"].as_str(), a1["liveVerifier"].as_str()),
        (Some("A1"), Some("Badge 1001"), Some("Badge 2001")),
        "{c}"
    );
    assert!(a1["liveAt"].is_string());
    assert_eq!(c["zones"][1]["liveAt"], serde_json::Value::Null, "B2 has had no verified read");
    // The request's record for the auditor: reason, zones live by whom, revisions, chain.
    let (status, kind, pdf) =
        crate::swp::audit_file::download(&b.eng, &format!("/api/changes/{n}/pdf")).await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
    let text = crate::swp::support::page_texts(&pdf).join("\n");
    for want in [
        "Reason for change: 8D-1234 found loose bolts",
        "References: 8D-1234, CAPA-77",
        "A1: effective at deploy; live on",
        "by Badge 1001, verified by Badge 2001",
        "reason: New torque 12 Nm",
        "Readers' coverage: 1 of 1 operators read every revision (100 %)",
        "audit verify: OK",
    ] {
        assert!(text.contains(want), "{want} in {text}");
    }
    // A later verification does not move the cut-in.
    let first = a1["liveAt"].clone();
    app.clock.advance_secs(60);
    p.signed("again").await;
    assert_eq!(b.eng.get(&format!("/api/changes/{n}")).await.body["zones"][0]["liveAt"], first);
}

#[tokio::test]
async fn with_change_control_off_the_spec_rules_stand() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let first = submit(&crew.eng, "P1", json!({})).await;
    approve_all(&crew, &first).await;
    // A 'New Release' of a deployed part needs no reason, and no change request is taken.
    let files = file_ids(&crew.eng, "r1").await;
    let r = crew
        .eng
        .post(
            "/api/swps/uploadS3",
            &payload(files.clone(), "P1", json!({"changeRequest": "CR-2026-0001"})),
        )
        .await;
    assert_eq!(r.body, json!({"changeRequest": "Change control is not switched on."}));
    let r = crew.eng.post("/api/swps/uploadS3", &payload(files, "P1", json!({}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(r.body["swp"].get("changeRequest").is_none());
}
