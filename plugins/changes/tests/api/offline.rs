//! The kiosk's offline pack under change control (decision 126): before a held-back
//! revision's day the pack holds the revision in force (what the kiosk's online read shows)
//! with the time it ends, and the held-back one with the time it starts; from the day, the
//! new one alone.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::effective::deployed_under;
use super::requests::{approved, board, RELEASE};
use crate::helpers::*;
use crate::island::support::{plant, plant_crew};
use crate::swp::support::{approve_all, file_ids, payload};

/// The pack's entries of part P1 at the A1 kiosk: (SWP id, from, until).
async fn p1(netbook: &Client) -> (Value, Vec<(String, Value, Value)>) {
    let r = netbook.get("/api/island/offline?zone=A1").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let parts = r.body["parts"].as_array().unwrap();
    let mine = parts.iter().filter(|p| p["partNumber"] == "P1");
    let out = mine
        .map(|p| {
            (p["swp"]["_id"].as_str().unwrap().to_string(), p["from"].clone(), p["until"].clone())
        })
        .collect();
    (r.body.clone(), out)
}

#[tokio::test]
async fn the_pack_holds_the_revision_in_force_until_the_held_back_one_takes_over() {
    let app = spawn_with(&RELEASE).await;
    let old = plant(&app, "P1").await;
    let crew = plant_crew(&app).await;
    let b = board(&app).await;
    // Effective in A1 tomorrow (the clock starts on 2026-01-01).
    let n = approved(&b, json!({"effective": {"A1": "2026-01-02"}})).await;
    let new_id = deployed_under(&crew, &n).await;
    let day = 1_767_225_600_000_i64 + 86_400_000;
    let (pack, entries) = p1(&old.netbook).await;
    assert_eq!(
        entries,
        [(old.swp_id.clone(), Value::Null, json!(day)), (new_id.clone(), json!(day), Value::Null),],
        "the superseded revision until the day, the new one from it"
    );
    // The revision in force is the one the kiosk's online read shows today.
    let part = pack["parts"].as_array().unwrap().iter().find(|p| p["partNumber"] == "P1").unwrap();
    let online = old
        .netbook
        .get(&format!("/api/swps/deployed-swp?partId={}", part["partId"].as_str().unwrap()))
        .await;
    assert_eq!(
        online.body["details"]["_id"].as_str(),
        Some(old.swp_id.as_str()),
        "{}",
        online.text
    );
    // Both revisions' files are in the pack, each link answering the bytes it names.
    let files: Vec<&Value> = pack["parts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["partNumber"] == "P1")
        .flat_map(|p| p["files"].as_array().unwrap())
        .collect();
    assert!(files.len() >= 6, "SWC, JES and VIS of each: {files:?}");
    for f in files {
        let r = old.netbook.get(f["url"].as_str().unwrap()).await;
        assert_eq!(r.status, StatusCode::OK, "{f}");
    }
    // From the day, the new revision alone, with no end.
    app.clock.advance_secs(24 * 3600);
    let (_, entries) = p1(&old.netbook).await;
    assert_eq!(entries, [(new_id, Value::Null, Value::Null)]);
    // A read of the old revision kept offline the minute before the day, synced after it,
    // is a read of that revision (in force at the kiosk then); one the minute after is not.
    let read = |key: &str, at: i64| json!({"opId": old.op, "swpId": old.swp_id, "key": key, "offline": true, "kioskTime": at});
    let r = old
        .netbook
        .post("/api/island/operator-read-swp", &read("held-over-read", day - 60_000))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let old_hash = part_hash(&pack, &old.swp_id);
    assert_eq!(r.body["versionHash"].as_str(), Some(old_hash.as_str()));
    let r = old
        .netbook
        .post("/api/island/operator-read-swp", &read("past-day-read", day + 60_000))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
}

#[tokio::test]
async fn a_first_release_held_back_is_packed_from_its_day_only() {
    let app = spawn_with(&RELEASE).await;
    let old = plant(&app, "P1").await;
    let crew = plant_crew(&app).await;
    let b = board(&app).await;
    let docs = json!([{"kind": "swp", "partNumber": "P2"}]);
    let n = approved(&b, json!({"documents": docs, "effective": {"A1": "2026-01-02"}})).await;
    let files = file_ids(&crew.eng, "first").await;
    let extra = json!({"changeRequest": n});
    let r = crew.eng.post("/api/swps/uploadS3", &payload(files, "P2", extra)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let id = r.body["swp"]["_id"].as_str().unwrap().to_string();
    approve_all(&crew, &id).await;
    let day = 1_767_225_600_000_i64 + 86_400_000;
    let of_p2 = |pack: &Value| -> Vec<(Value, Value, Value)> {
        let parts = pack["parts"].as_array().unwrap();
        let mine = parts.iter().filter(|p| p["partNumber"] == "P2");
        mine.map(|p| (p["swp"]["_id"].clone(), p["from"].clone(), p["until"].clone())).collect()
    };
    // Before its day nothing of P2 is in force: the pack holds it from the day only.
    let (pack, _) = p1(&old.netbook).await;
    assert_eq!(of_p2(&pack), [(json!(id), json!(day), Value::Null)]);
    app.clock.advance_secs(24 * 3600);
    let (pack, _) = p1(&old.netbook).await;
    assert_eq!(of_p2(&pack), [(json!(id), Value::Null, Value::Null)]);
}

/// The content hash of the pack's revision `id`.
fn part_hash(pack: &Value, id: &str) -> String {
    let parts = pack["parts"].as_array().unwrap();
    let p = parts.iter().find(|p| p["swp"]["_id"] == id).unwrap();
    p["swp"]["contentHash"].as_str().unwrap().to_string()
}
