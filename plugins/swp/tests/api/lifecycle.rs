//! SWP review: stages, deploy, revisions, reject, delete, zone edit, audit, races.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|s| s["_id"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn swp_three_approvals_deploy_and_revisions_count_up() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let first = submit(&crew.eng, "7101-0001", json!({})).await;
    // Every stage's reviewer sees it, with links to its documents; the author does not.
    for c in [&crew.process, &crew.quality, &crew.production] {
        let r = c.get("/api/swps/pending-my-approval").await;
        assert_eq!(ids(&r.body["swps"]), vec![first.clone()]);
        assert!(r.body["urls"][&first]["swc"].is_string(), "{}", r.body);
        assert_eq!(r.body["swps"][0]["revision"], 0, "'Release'");
    }
    assert_eq!(
        ids(&crew.eng.get("/api/swps/pending-my-approval").await.body["swps"]),
        Vec::<String>::new()
    );
    // Nobody approves their own upload, even a reviewer who uploads.
    let (boss, _) = person(&app, "boss@demo.plant", "manager", "process").await;
    let own = submit(&boss, "7101-0002", json!({})).await;
    let r = boss.post(&format!("/api/swps/approve/{own}"), &json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.body["error"], "Nobody reviews their own SWP.");
    assert!(!ids(&boss.get("/api/swps/pending-my-approval").await.body["swps"]).contains(&own));

    let r = crew
        .process
        .post(&format!("/api/swps/approve/{first}"), &json!({"reviewNote": "fine"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let p = &r.body["swp"]["approvals"]["process"];
    assert_eq!(
        (p["status"].as_str(), p["reviewer"].as_str(), p["note"].as_str()),
        (Some("Approved"), Some("Test revprocess"), Some("fine"))
    );
    assert_eq!(p["date"], "2026-01-01T00:00:00.000Z");
    assert_eq!(r.body["swp"]["status"], "pending");
    // Approving twice is a conflict, and the stage leaves the reviewer's list.
    assert_eq!(
        crew.process.post(&format!("/api/swps/approve/{first}"), &json!({})).await.status,
        StatusCode::CONFLICT
    );
    assert!(!ids(&crew.process.get("/api/swps/pending-my-approval").await.body["swps"])
        .contains(&first));
    app.clock.advance_secs(60);
    let swp = approve_all_remaining(&crew, &first).await;
    assert_eq!(swp["status"], "deployed");
    assert_eq!(swp["revision"], 0);
    assert_eq!(swp["deployDate"]["timestamp"], "2026-01-01T00:01:00.000Z");

    // The next deployed SWP of the part is revision 1; the first becomes obsolete.
    app.clock.advance_secs(60);
    let second = submit(
        &crew.eng,
        "7101-0001",
        json!({"newRelease": false, "changes": "New torque values"}),
    )
    .await;
    assert_eq!(
        crew.eng.get(&format!("/api/swps/swp/{second}")).await.body["swp"]["revision"],
        1,
        "would be revision 1"
    );
    let swp = approve_all(&crew, &second).await;
    assert_eq!(
        (swp["status"].as_str(), swp["revision"].as_i64(), swp["changes"].as_str()),
        (Some("deployed"), Some(1), Some("New torque values"))
    );
    let old = crew.eng.get(&format!("/api/swps/swp/{first}")).await.body["swp"].clone();
    assert_eq!((old["status"].as_str(), old["revision"].as_i64()), (Some("obsolete"), Some(0)));
    assert_eq!(old["obsoleteDate"]["timestamp"], "2026-01-01T00:02:00.000Z");
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM swps WHERE status = 'deployed'").await, 1);
    for (action, n) in
        [("swp.submit", 3), ("swp.approve", 6), ("swp.deploy", 2), ("swp.obsolete", 1)]
    {
        assert_eq!(audit_count(&app, action).await, n, "{action}");
    }
    let verdict = plantdoc_core::audit::verify(&app.state.db).await.unwrap();
    assert!(matches!(verdict, plantdoc_core::audit::Verdict::Ok { .. }), "{verdict:?}");
}

async fn approve_all_remaining(crew: &Crew, id: &str) -> Value {
    let mut last = Value::Null;
    for c in [&crew.quality, &crew.production] {
        let r = c.post(&format!("/api/swps/approve/{id}"), &json!({})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        last = r.body["swp"].clone();
    }
    last
}

#[tokio::test]
async fn swp_rejection_needs_a_note_and_returns_the_swp_to_its_author() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let id = submit(&crew.eng, "R-1", json!({})).await;
    for body in [json!({}), json!({"reviewNote": "   "}), json!({"reviewNote": null})] {
        let r = crew.quality.post(&format!("/api/swps/reject/{id}"), &body).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert_eq!(r.body, json!({"reviewNote": "Please enter a note for the author."}));
    }
    let r = crew
        .quality
        .post(&format!("/api/swps/reject/{id}"), &json!({"reviewNote": "x".repeat(1001)}))
        .await;
    assert!(r.body["reviewNote"].as_str().unwrap().contains("at most 1000"));
    let r = crew.quality.post(&format!("/api/swps/approve/{id}"), &json!({"reviewNote": 5})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["reviewNote"].is_string());
    crew.process.post(&format!("/api/swps/approve/{id}"), &json!({})).await;
    let r = crew
        .quality
        .post(&format!("/api/swps/reject/{id}"), &json!({"reviewNote": "Wrong torque on step 4"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["swp"]["status"], "rejected");
    assert_eq!(r.body["swp"]["approvals"]["quality"]["status"], "Rejected");
    // Out of every review list, back in the author's.
    for c in [&crew.process, &crew.quality, &crew.production] {
        assert!(ids(&c.get("/api/swps/pending-my-approval").await.body["swps"]).is_empty());
        assert!(ids(&c.get("/api/swps/pending-swps").await.body).is_empty());
    }
    let mine = crew.eng.get("/api/swps/user-pending-swps").await.body;
    assert_eq!(ids(&mine), vec![id.clone()]);
    assert_eq!(mine[0]["approvals"]["quality"]["note"], "Wrong torque on step 4");
    let r = crew.production.post(&format!("/api/swps/approve/{id}"), &json!({})).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(audit_count(&app, "swp.reject").await, 1);
    // The author removes it.
    let r = crew.eng.post("/api/swps/delete-pending", &json!([id])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(ids(&crew.eng.get("/api/swps/user-pending-swps").await.body).is_empty());
    assert_eq!(crew.eng.get(&format!("/api/swps/swp/{id}")).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn swp_delete_and_zone_edit_are_checked_and_audited() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let (boss, _) = person(&app, "boss@demo.plant", "manager", "production").await;
    let (other_eng, _) = person(&app, "eng2@demo.plant", "engineer", "process").await;
    let dep = deployed(&crew, "D-1", json!({})).await;
    let pend = submit(&crew.eng, "D-2", json!({})).await;
    for bad in [
        json!([]),
        json!({"ids": [dep]}),
        json!([5]),
        json!((0..101).map(|i| i.to_string()).collect::<Vec<_>>()),
    ] {
        let r = crew.eng.post("/api/swps/delete-deployed", &bad).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(r.body["body"].is_string());
    }
    // Wrong list, someone else's, or a mix: nothing is deleted.
    let r = crew.eng.post("/api/swps/delete-pending", &json!([dep])).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some(format!("SWP {dep} of part D-1 is deployed.").as_str()))
    );
    assert_eq!(
        crew.eng.post("/api/swps/delete-deployed", &json!([dep, pend])).await.status,
        StatusCode::CONFLICT
    );
    let r = other_eng.post("/api/swps/delete-deployed", &json!([dep])).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("Only an SWP's authors and managers delete it."))
    );
    assert_eq!(
        crew.eng.post("/api/swps/delete-deployed", &json!([dep, "missing"])).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM swps WHERE status = 'deleted'").await, 0);
    // Zones: authors and managers, company zones only, deployed only.
    assert_eq!(
        other_eng.post(&format!("/api/swps/edit/{dep}"), &json!({"zones": ["A1"]})).await.status,
        StatusCode::FORBIDDEN
    );
    for bad in [json!({"zones": []}), json!({"zones": ["E1"]}), json!({}), json!({"zones": "A1"})] {
        let r = crew.eng.post(&format!("/api/swps/edit/{dep}"), &bad).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}: {}", r.text);
        assert!(r.body["zones"].is_string());
    }
    assert_eq!(
        crew.eng.post(&format!("/api/swps/edit/{pend}"), &json!({"zones": ["A1"]})).await.status,
        StatusCode::CONFLICT
    );
    let r = boss.post(&format!("/api/swps/edit/{dep}"), &json!({"zones": ["D3", "A1"]})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["swp"]["zones"], json!(["A1", "D3"]));
    let (before, after): (String, String) =
        sqlx::query_as("SELECT before_json, after_json FROM audit_log WHERE action = 'swp.zones'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(
        (before.as_str(), after.as_str()),
        (r#"{"zones":["A1","B2"]}"#, r#"{"zones":["A1","D3"]}"#)
    );
    // The author deletes both; the part has no deployed SWP any more.
    assert_eq!(
        crew.eng.post("/api/swps/delete-deployed", &json!([dep])).await.status,
        StatusCode::OK
    );
    assert_eq!(
        crew.eng.post("/api/swps/delete-pending", &json!([pend])).await.status,
        StatusCode::OK
    );
    assert_eq!(audit_count(&app, "swp.delete").await, 2);
    let r = crew.eng.get("/api/swps/deployed-swp-part-numbers?searchTerm=D-&limit=10").await;
    assert_eq!(r.body, json!({"swpList": []}));
    // A later upload of the part is revision 1: revisions never repeat.
    let again = deployed(&crew, "D-1", json!({})).await;
    assert_eq!(crew.eng.get(&format!("/api/swps/swp/{again}")).await.body["swp"]["revision"], 1);
}

/// Two approvals sent at the same moment.
async fn race(a: &Client, a_id: &str, b: &Client, b_id: &str) -> (Resp, Resp) {
    let (pa, pb) = (format!("/api/swps/approve/{a_id}"), format!("/api/swps/approve/{b_id}"));
    let body = json!({});
    tokio::join!(a.post(&pa, &body), b.post(&pb, &body))
}

/// Races: the same stage approved by two reviewers at once, and the last two stages
/// approved at once, many times over; each SWP is deployed exactly once. A threaded
/// runtime, so the server handles both requests truly in parallel.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn swp_concurrent_approvals_deploy_exactly_once() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let (production2, _) =
        person(&app, "rev.production2@demo.plant", "manager", "production").await;
    let rounds = 6;
    let (mut same_stage_wins, mut deployed_total) = (0, 0);
    for i in 0..rounds {
        // Round A: process and quality approved, two production reviewers race.
        let a = submit(&crew.eng, &format!("RACE-{i}"), json!({})).await;
        for c in [&crew.process, &crew.quality] {
            assert_eq!(
                c.post(&format!("/api/swps/approve/{a}"), &json!({})).await.status,
                StatusCode::OK
            );
        }
        let (r1, r2) = race(&crew.production, &a, &production2, &a).await;
        let mut statuses = [r1.status, r2.status];
        statuses.sort();
        assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "{} / {}", r1.text, r2.text);
        same_stage_wins += 1;
        // Round B: process approved; quality and production race; the later one deploys.
        let b =
            submit(&crew.eng, &format!("RACE-{i}"), json!({"newRelease": false, "changes": "c"}))
                .await;
        assert_eq!(
            crew.process.post(&format!("/api/swps/approve/{b}"), &json!({})).await.status,
            StatusCode::OK
        );
        let (r1, r2) = race(&crew.quality, &b, &crew.production, &b).await;
        assert_eq!(
            (r1.status, r2.status),
            (StatusCode::OK, StatusCode::OK),
            "{} / {}",
            r1.text,
            r2.text
        );
        let s = crew.eng.get(&format!("/api/swps/swp/{b}")).await.body["swp"].clone();
        assert_eq!(
            (s["status"].as_str(), s["revision"].as_i64()),
            (Some("deployed"), Some(1)),
            "{s}"
        );
        deployed_total += 2;
    }
    assert_eq!(audit_count(&app, "swp.deploy").await, deployed_total);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM swps WHERE status = 'deployed'").await, rounds);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM swps WHERE status = 'obsolete'").await, rounds);
    // Two SWPs of one part deployed at once: distinct revisions, one left deployed.
    let x = submit(&crew.eng, "TWIN-1", json!({})).await;
    let y = submit(&crew.eng, "TWIN-1", json!({})).await;
    for id in [&x, &y] {
        for c in [&crew.process, &crew.quality] {
            assert_eq!(
                c.post(&format!("/api/swps/approve/{id}"), &json!({})).await.status,
                StatusCode::OK
            );
        }
    }
    let (r1, r2) = race(&crew.production, &x, &production2, &y).await;
    assert_eq!(
        (r1.status, r2.status),
        (StatusCode::OK, StatusCode::OK),
        "{} / {}",
        r1.text,
        r2.text
    );
    let mut revs = vec![
        r1.body["swp"]["revision"].as_i64().unwrap(),
        r2.body["swp"]["revision"].as_i64().unwrap(),
    ];
    revs.sort();
    assert_eq!(revs, vec![0, 1]);
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM swps WHERE part_number = 'TWIN-1' AND status = 'deployed'"
        )
        .await,
        1
    );
    let verdict = plantdoc_core::audit::verify(&app.state.db).await.unwrap();
    assert!(matches!(verdict, plantdoc_core::audit::Verdict::Ok { .. }), "{verdict:?}");
    println!("concurrent approvals: {same_stage_wins} same-stage races (1 winner each), {rounds} cross-stage races, 1 same-part deploy race; each SWP deployed once");
}
