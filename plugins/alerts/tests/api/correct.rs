//! 'Submit a corrected version' of a rejected alert (decision 65): the rejected alert's
//! state and rejection in the author's list, the new alert linked to it (and the link
//! in the reviewers' list), and every refusal: not rejected, another part, not an author
//! or a manager, another company.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;
use crate::swp::support::{add, login, person};

fn only_field(r: &Resp) -> (&str, &str) {
    let o = r.body.as_object().unwrap_or_else(|| panic!("a field map: {}", r.text));
    assert_eq!(o.len(), 1, "{}", r.text);
    let (k, v) = o.iter().next().unwrap();
    (k.as_str(), v.as_str().unwrap())
}

#[tokio::test]
async fn alert_a_rejected_alert_is_corrected_and_linked_by_its_author() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let a = submit(&crew.eng, json!({})).await;
    let rejected = a["_id"].as_str().unwrap().to_string();
    app.clock.advance_secs(60);
    let r = crew
        .reviewer
        .post(&format!("/api/alerts/reject/{rejected}"), &json!({"reviewNote": "Wrong part"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // The author's list: rejected, with who, when and the note (the engineer stage's).
    let mine = crew.eng.get("/api/alerts/user-pending-alerts").await.body;
    let row = mine
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["_id"] == rejected.as_str())
        .expect("in My Pending")
        .clone();
    assert_eq!((row["status"].as_str(), row["mine"].as_bool()), (Some("rejected"), Some(true)));
    let e = &row["approvals"]["engineer"];
    assert_eq!(
        (e["status"].as_str(), e["reviewer"].as_str(), e["note"].as_str()),
        (Some("Rejected"), Some("Test qe"), Some("Wrong part"))
    );
    assert_eq!(e["date"], "2026-01-01T00:01:00.000Z");
    assert_eq!(row["corrects"], Value::Null);

    // The corrected version (same part, another type): linked, with its rejection.
    let fixed = submit(&crew.eng, json!({"corrects": rejected, "alertType": "Quality"})).await;
    let link = json!({"_id": rejected, "rejectedDate": "2026-01-01T00:01:00.000Z", "reviewer": "Test qe", "note": "Wrong part"});
    assert_eq!(fixed["corrects"], link, "{fixed}");
    let fid = fixed["_id"].as_str().unwrap();
    let waiting = crew.reviewer.get("/api/alerts/pending-my-approval").await.body;
    let w = waiting
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["_id"] == fid)
        .expect("waiting for the engineer stage")
        .clone();
    assert_eq!(w["corrects"], link);
    assert_eq!(
        crew.eng.get(&format!("/api/alerts/alert/{fid}")).await.body["alert"]["corrects"],
        link
    );
    // Audited in the submit's transaction, on the rejected alert too.
    assert_eq!(audit_count(&app, "alert.correct").await, 1);
    let n = scalar(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE target = 'alert:{rejected}' AND action = 'alert.correct'")).await;
    assert_eq!(n, 1);
    let verdict = plantdoc_core::audit::verify(&app.state.db).await.unwrap();
    assert!(matches!(verdict, plantdoc_core::audit::Verdict::Ok { .. }), "{verdict:?}");
}

#[tokio::test]
async fn alert_a_correction_is_refused_unless_rejected_same_part_and_yours() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let a = submit(&crew.eng, json!({})).await;
    let rejected = a["_id"].as_str().unwrap().to_string();
    crew.reviewer
        .post(&format!("/api/alerts/reject/{rejected}"), &json!({"reviewNote": "Wrong zone"}))
        .await;
    let pending = submit(&crew.eng, json!({})).await["_id"].as_str().unwrap().to_string();
    let f = upload_ok(&crew.eng, "FIX").await;
    let before = scalar(&app, "SELECT COUNT(*) FROM alerts").await;
    let cases = [
        (json!({"corrects": pending}), "Only a rejected alert is corrected; this one is pending."),
        (
            json!({"corrects": rejected, "partNumber": "AL-200"}),
            "A corrected version is for the same part (AL-100).",
        ),
        (json!({"corrects": "nope"}), "The alert to correct was not found."),
        (json!({"corrects": ["x"]}), "Name the rejected document by its id."),
    ];
    for (extra, want) in cases {
        let r = crew.eng.post("/api/alerts/uploadS3", &payload(&f, extra.clone())).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{extra}: {}", r.text);
        assert_eq!(only_field(&r), ("corrects", want), "{extra}");
    }
    let (other, _) = person(&app, "eng2@demo.plant", "engineer", "process").await;
    let theirs = upload_ok(&other, "OTHER").await;
    let r =
        other.post("/api/alerts/uploadS3", &payload(&theirs, json!({"corrects": rejected}))).await;
    assert_eq!(
        only_field(&r),
        ("corrects", "Only the alert's authors and managers submit a corrected version of it.")
    );
    add(&app, "pm@umw.plant", "manager", "process", "umw", &["A1", "B1"]).await;
    let far = login(&app, "pm@umw.plant").await;
    let far_file = upload_ok(&far, "FAR").await;
    let r = far
        .post(
            "/api/alerts/uploadS3",
            &payload(&far_file, json!({"corrects": rejected, "zones": ["A1"]})),
        )
        .await;
    assert_eq!(only_field(&r), ("corrects", "The alert to correct was not found."));
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM alerts").await,
        before,
        "a refusal stores nothing"
    );
    assert_eq!(audit_count(&app, "alert.correct").await, 0);
    let r =
        crew.eng.post("/api/alerts/uploadS3", &payload(&f, json!({"corrects": rejected}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["alert"]["corrects"]["note"], "Wrong zone");
}
