//! Effective dates per zone: a revision deployed under an approved change request that
//! dates a zone reaches that zone's kiosks only from the day; until then the revision it
//! superseded stays in force there (shown and signed), the new one is neither.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::requests::{approved, board, RELEASE};
use crate::helpers::*;
use crate::island::support::{plant, plant_crew, Plant};
use crate::swp::support::{approve_all, file_ids, login, part_of, payload, Crew};

#[tokio::test]
async fn a_revision_reaches_a_zone_on_its_effective_day() {
    let app = spawn_with(&RELEASE).await;
    let old = plant(&app, "P1").await;
    let crew = plant_crew(&app).await;
    let b = board(&app).await;
    // Effective in A1 tomorrow (the clock starts on 2026-01-01), in B2 at deploy.
    let n = approved(&b, json!({"effective": {"A1": "2026-01-02"}})).await;
    old.signed("first").await;
    let new_id = deployed_under(&crew, &n).await;
    let part = part_of(&app, &new_id).await;
    // The operator who read the old revision must read the new one before its first day
    // (the readiness setting alone would give 14 days).
    let due = crew.quality.get("/api/readiness/obligations?state=open").await.body;
    assert_eq!(due["results"][0]["dueDate"]["date"], "2026-01-02T00:00:00.000Z", "{due}");
    let url = format!("/api/swps/deployed-swp?partId={part}");
    // Today, at the A1 kiosk: the old revision is in force, shown and signable; the new one
    // is neither.
    assert_eq!(shown(&old.netbook, &url).await, old.swp_id);
    let new = Plant { swp_id: new_id.clone(), ..old };
    assert_eq!(
        new.netbook.get(&format!("/api/swps/swp-with-urls/{new_id}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(new.read("early-rev-key").await.status, StatusCode::NOT_FOUND);
    let old = Plant { swp_id: shown(&new.netbook, &url).await, ..new };
    // A machine asking what is in force gets the same answer per zone.
    let in_force = |z: &str| format!("/api/parts/P1/in-force?zone={z}");
    let a1 = crew.quality.get(&in_force("A1")).await.body;
    assert_eq!(a1["swp"]["id"].as_str(), Some(old.swp_id.as_str()), "{a1}");
    let b2 = crew.quality.get(&in_force("B2")).await.body;
    assert_eq!(b2["swp"]["id"].as_str(), Some(new_id.as_str()), "{b2}");
    let r = old.read("old-rev-key").await;
    assert_eq!(r.status, StatusCode::OK, "the old revision is signed in A1 today: {}", r.text);
    // The request says where it stands in each zone: scheduled in A1, effective in B2.
    let zone_states = |c: serde_json::Value| {
        let z = c["zones"].as_array().unwrap_or_else(|| panic!("{c}")).iter();
        z.map(|z| format!("{} {}", z["zone"].as_str().unwrap(), z["state"].as_str().unwrap()))
            .collect::<Vec<_>>()
    };
    let c = crew.quality.get(&format!("/api/changes/{n}")).await.body;
    assert_eq!(zone_states(c), ["A1 scheduled", "B2 effective"]);
    // The console shows both: the new revision takes effect in A1 tomorrow, the old one
    // stays in force there until then.
    let day = json!([{"zone": "A1", "day": "2026-01-02"}]);
    let v = crew.quality.get(&format!("/api/swps/swp/{new_id}")).await.body;
    assert_eq!(
        (&v["swp"]["effectiveFrom"], &v["swp"]["inForceUntil"]),
        (&day, &Value::Null),
        "{v}"
    );
    let v = crew.quality.get(&format!("/api/swps/swp/{}", old.swp_id)).await.body;
    assert_eq!(
        (&v["swp"]["inForceUntil"], &v["swp"]["effectiveFrom"]),
        (&day, &Value::Null),
        "{v}"
    );
    // A kiosk of B2 (effective at deploy) has the new one already.
    crate::swp::support::kiosk(&app, "kiosk.b2@demo.plant", "mpk", &["B2"]).await;
    let b2 = login(&app, "kiosk.b2@demo.plant").await;
    assert_eq!(shown(&b2, &url).await, new_id);
    // A1's team leads are told on the day, once; B2 (at deploy) is never told.
    let told = |n| {
        format!("SELECT COUNT(*) FROM notifications WHERE kind = 'changes.effective' AND user_id = '{n}'")
    };
    assert_eq!(plantdoc_changes::tell_effective(&app.state).await.unwrap(), 0);
    // Tomorrow the new revision is in force in A1, and the old one no longer.
    app.clock.advance_secs(24 * 3600);
    crew.relogin().await;
    assert_eq!(plantdoc_changes::tell_effective(&app.state).await.unwrap(), 1);
    assert_eq!(plantdoc_changes::tell_effective(&app.state).await.unwrap(), 0);
    assert_eq!(scalar(&app, &told(&old.sup)).await, 1, "the A1 supervisor");
    assert_eq!(shown(&old.netbook, &url).await, new_id);
    assert_eq!(old.read("late-rev-key").await.status, StatusCode::NOT_FOUND);
    let a1 = crew.quality.get(&in_force("A1")).await.body;
    assert_eq!(a1["swp"]["id"].as_str(), Some(new_id.as_str()), "{a1}");
    assert_eq!(a1["swp"]["effectiveDate"], "2026-01-02T00:00:00.000Z", "{a1}");
    let new = Plant { swp_id: new_id.clone(), ..old };
    assert_eq!(new.read("new-rev-key").await.status, StatusCode::OK);
    let c = crew.quality.get(&format!("/api/changes/{n}")).await.body;
    assert_eq!(zone_states(c), ["A1 effective", "B2 effective"]);
    let v = crew.quality.get(&format!("/api/swps/swp/{new_id}")).await.body;
    assert_eq!(v["swp"]["effectiveFrom"], Value::Null, "in force everywhere: {v}");
}

/// The id of the revision a kiosk is shown for a part (`none`: no answer).
async fn shown(c: &Client, url: &str) -> String {
    c.get(url).await.body["details"]["_id"].as_str().unwrap_or("none").to_string()
}

#[tokio::test]
async fn a_request_closes_itself_when_every_zone_is_live_and_its_readers_covered() {
    let app = spawn_with(&RELEASE).await;
    let p = plant(&app, "P1").await;
    let second = crate::island::support::badged(
        &app,
        "op1002@demo.plant",
        "operator",
        "production",
        "mpk",
        "1002",
    )
    .await;
    let crew = plant_crew(&app).await;
    let b = board(&app).await;
    let n = approved(&b, json!({"zones": ["A1"]})).await;
    let new_id = deployed_under(&crew, &n).await;
    let c = b.eng.get(&format!("/api/changes/{n}")).await.body;
    assert_eq!(c["coverage"], json!({"readers": 0, "operators": 2, "percent": 0}));
    // A1 is live at the first verification, but one reader of two is below 100 %.
    let first = Plant { swp_id: new_id.clone(), ..p };
    first.signed("one").await;
    let c = b.eng.get(&format!("/api/changes/{n}")).await.body;
    assert_eq!(
        (c["state"].as_str(), c["coverage"]["percent"].as_i64()),
        (Some("approved"), Some(50)),
        "{c}"
    );
    assert!(c["zones"][0]["liveAt"].is_string());
    // The second reader completes it: closed by change control, audited.
    let two = Plant { op: second, ..first };
    two.signed("two").await;
    let c = b.eng.get(&format!("/api/changes/{n}")).await.body;
    assert_eq!(
        (c["state"].as_str(), c["closedBy"].as_str()),
        (Some("closed"), Some("Change control")),
        "{c}"
    );
    assert_eq!(c["closeReason"], "every zone live; readers' coverage 100 %");
    assert_eq!(audit_count(&app, "change.close").await, 1);
}

/// A new revision of P1 submitted under the change request `n` and deployed; its id.
pub(super) async fn deployed_under(crew: &Crew, n: &str) -> String {
    let files = file_ids(&crew.eng, "r1").await;
    let extra = json!({"changes": "New torque", "changeRequest": n});
    let r = crew.eng.post("/api/swps/uploadS3", &payload(files, "P1", extra)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let new_id = r.body["swp"]["_id"].as_str().unwrap().to_string();
    approve_all(crew, &new_id).await;
    new_id
}
