//! 'Submit a corrected version' of a rejected SWP (decision 65): the rejected SWP's state
//! and rejection in the author's list, the new SWP linked to it (and the link in the
//! reviewers' list), and every refusal: not rejected, another part, not an author or a
//! manager, another company.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

fn only_field(r: &Resp) -> (&str, &str) {
    let o = r.body.as_object().unwrap_or_else(|| panic!("a field map: {}", r.text));
    assert_eq!(o.len(), 1, "{}", r.text);
    let (k, v) = o.iter().next().unwrap();
    (k.as_str(), v.as_str().unwrap())
}

async fn swp_count(app: &TestApp) -> i64 {
    scalar(app, "SELECT COUNT(*) FROM swps").await
}

#[tokio::test]
async fn swp_a_rejected_swp_is_corrected_and_linked_by_its_author() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let rejected = submit(&crew.eng, "CR-1", json!({"zones": ["A1"]})).await;
    app.clock.advance_secs(60);
    let r = crew
        .quality
        .post(
            &format!("/api/swps/reject/{rejected}"),
            &json!({"reviewNote": "Wrong torque on step 4"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // The author's list: rejected, with who, when and the note.
    let mine = crew.eng.get("/api/swps/user-pending-swps").await.body;
    let row = mine
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["_id"] == rejected.as_str())
        .expect("in My Pending")
        .clone();
    assert_eq!(row["status"], "rejected");
    let q = &row["approvals"]["quality"];
    assert_eq!(
        (q["status"].as_str(), q["reviewer"].as_str()),
        (Some("Rejected"), Some("Test revquality"))
    );
    assert_eq!(
        (q["date"].as_str(), q["note"].as_str()),
        (Some("2026-01-01T00:01:00.000Z"), Some("Wrong torque on step 4"))
    );
    assert_eq!(row["corrects"], Value::Null);

    // The corrected version, for the same part: linked to the rejected one with its rejection.
    app.clock.advance_secs(60);
    let fixed =
        submit(&crew.eng, "CR-1", json!({"corrects": rejected, "zones": ["A1", "B2"]})).await;
    let link = json!({"_id": rejected, "rejectedDate": "2026-01-01T00:01:00.000Z", "reviewer": "Test revquality", "note": "Wrong torque on step 4"});
    let one = crew.eng.get(&format!("/api/swps/swp/{fixed}")).await.body;
    assert_eq!(one["swp"]["corrects"], link, "{one}");
    assert_eq!(one["swp"]["status"], "pending");
    // The reviewers see the link in their list (the review view shows it).
    let waiting = crew.process.get("/api/swps/pending-my-approval").await.body;
    let w = waiting["swps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["_id"] == fixed.as_str())
        .expect("waiting")
        .clone();
    assert_eq!(w["corrects"], link);
    // The rejected SWP stays as it was; both acts are audited in the submit's transaction.
    let old = crew.eng.get(&format!("/api/swps/swp/{rejected}")).await.body;
    assert_eq!(
        (old["swp"]["status"].as_str(), &old["swp"]["corrects"]),
        (Some("rejected"), &Value::Null)
    );
    assert_eq!(audit_count(&app, "swp.correct").await, 1);
    let (target, after): (String, String) =
        sqlx::query_as("SELECT target, after_json FROM audit_log WHERE action = 'swp.correct'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(target, format!("swp:{rejected}"));
    assert!(after.contains(&fixed), "{after}");
    let submits: Vec<String> = sqlx::query_scalar(
        "SELECT after_json FROM audit_log WHERE action = 'swp.submit' ORDER BY seq",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert!(submits[1].contains(&format!("\"corrects\":\"{rejected}\"")), "{}", submits[1]);
    let verdict = plantdoc_core::audit::verify(&app.state.db).await.unwrap();
    assert!(matches!(verdict, plantdoc_core::audit::Verdict::Ok { .. }), "{verdict:?}");
    // One correction in review at a time: a second is refused while the first waits.
    let (boss, _) = person(&app, "boss@demo.plant", "manager", "process").await;
    let files = file_ids(&boss, "CR-1").await;
    let r = boss
        .post("/api/swps/uploadS3", &payload(files, "CR-1", json!({"corrects": rejected})))
        .await;
    assert_eq!(
        only_field(&r),
        ("corrects", "A corrected version of this SWP is already in review."),
        "{}",
        r.text
    );
    // Once it is withdrawn, a process manager of the company corrects it too (a manager
    // may, like delete).
    assert_eq!(
        crew.eng.post("/api/swps/delete-pending", &json!([fixed])).await.status,
        StatusCode::OK
    );
    let again = submit(&boss, "CR-1", json!({"corrects": rejected})).await;
    assert_eq!(
        boss.get(&format!("/api/swps/swp/{again}")).await.body["swp"]["corrects"]["_id"],
        rejected.as_str()
    );
}

#[tokio::test]
async fn swp_a_correction_is_refused_unless_rejected_same_part_and_yours() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let rejected = submit(&crew.eng, "CR-2", json!({})).await;
    crew.production
        .post(&format!("/api/swps/reject/{rejected}"), &json!({"reviewNote": "Missing VIS"}))
        .await;
    let pending = submit(&crew.eng, "CR-2", json!({})).await;
    let files = file_ids(&crew.eng, "CR-2").await;
    let before = swp_count(&app).await;
    let cases = [
        (
            json!({"corrects": pending}),
            "CR-2",
            "Only a rejected SWP is corrected; this one is pending.",
        ),
        (json!({"corrects": rejected}), "CR-3", "A corrected version is for the same part (CR-2)."),
        (json!({"corrects": "no-such-swp"}), "CR-2", "The SWP to correct was not found."),
        (json!({"corrects": 42}), "CR-2", "Name the rejected document by its id."),
    ];
    for (extra, part, want) in cases {
        let r =
            crew.eng.post("/api/swps/uploadS3", &payload(files.clone(), part, extra.clone())).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{extra}: {}", r.text);
        assert_eq!(only_field(&r), ("corrects", want), "{extra}");
    }
    // Another engineer of the company (not an author, not a manager).
    let (other, _) = person(&app, "eng2@demo.plant", "engineer", "process").await;
    let theirs = file_ids(&other, "CR-2").await;
    let r = other
        .post("/api/swps/uploadS3", &payload(theirs, "CR-2", json!({"corrects": rejected})))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(
        only_field(&r),
        ("corrects", "Only the SWP's authors and managers submit a corrected version of it.")
    );
    // A manager of another company: as if it did not exist.
    let id = add(&app, "boss@umw.plant", "manager", "process", "umw", &["A1", "B1"]).await;
    assert!(!id.is_empty());
    let far = login(&app, "boss@umw.plant").await;
    let far_files = file_ids(&far, "CR-2").await;
    let r = far
        .post(
            "/api/swps/uploadS3",
            &payload(far_files, "CR-2", json!({"corrects": rejected, "zones": ["A1"]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(only_field(&r), ("corrects", "The SWP to correct was not found."));
    // Nothing was stored by a refusal, and the author's own files still submit.
    assert_eq!(swp_count(&app).await, before);
    assert_eq!(audit_count(&app, "swp.correct").await, 0);
    let r = crew
        .eng
        .post("/api/swps/uploadS3", &payload(files, "CR-2", json!({"corrects": rejected})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["swp"]["corrects"]["note"], "Missing VIS");
}
