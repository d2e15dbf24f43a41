//! The netbook's offline pack (decision 121, `GET /api/island/offline`) on the demo plant:
//! its content (the zone's SWPs with their files, alerts in force, badge holders, the
//! sign records of those versions), its refusals (no zone, a zone not served, another
//! account than a kiosk) and its audit row, once per refresh period.
use plantdoc_core::seed::DEMO_PASSWORD;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::alerts::demo_kiosk;
use crate::helpers::*;

fn hex64(v: &Value) -> bool {
    v.as_str().is_some_and(|s| s.len() == 64 && s.chars().all(|c| c.is_ascii_hexdigit()))
}

async fn pack(netbook: &Client) -> Value {
    let r = netbook.get("/api/island/offline?zone=A1").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body
}

#[tokio::test]
async fn the_pack_holds_the_zones_documents_badges_and_signatures() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let before = app.state.now_ms();
    let p = pack(&netbook).await;
    assert!(p["asOf"].as_i64().unwrap() >= before);
    assert_eq!((p["zone"].as_str(), p["refreshMins"].as_i64()), (Some("A1"), Some(15)));
    assert_eq!((p["maxHours"].as_i64(), p["signature"].as_str()), (Some(12), Some("badge")));
    assert!(p["pinKey"].is_null(), "badge mode: no key");
    assert!(p["obligations"].is_null());
    // Every part is the deployed SWP the kiosk's own call answers, with its files.
    let parts = p["parts"].as_array().unwrap();
    assert!(!parts.is_empty(), "the demo deploys SWPs in A1");
    for part in parts {
        let swp = &part["swp"];
        assert_eq!(swp["partNumber"], part["partNumber"]);
        assert!(hex64(&swp["contentHash"]), "{swp}");
        let online =
            netbook.get(&format!("/api/swps/swp-with-urls/{}", swp["_id"].as_str().unwrap())).await;
        assert_eq!(online.status, StatusCode::OK, "{}", online.text);
        assert_eq!(online.body["swp"]["contentHash"], swp["contentHash"]);
        assert_eq!(online.body["swp"]["revision"], swp["revision"]);
        let files = part["files"].as_array().unwrap();
        let sections: Vec<&str> = files
            .iter()
            .filter(|f| f["lang"].is_null())
            .map(|f| f["section"].as_str().unwrap())
            .collect();
        for s in ["swc", "jes", "vis"] {
            assert!(sections.contains(&s), "{s} of {}", part["partNumber"]);
        }
        for f in files {
            assert!(hex64(&f["sha256"]), "{f}");
            let got = netbook.get(f["url"].as_str().unwrap()).await.status;
            assert_eq!(got, StatusCode::OK, "{f}");
        }
    }
    // The zone's alerts in force, each with its file and sunset.
    let alerts = p["alerts"].as_array().unwrap();
    let safety = alerts.iter().find(|a| a["alertTag"] == "S-2026-0001").expect("in force in A1");
    assert!(
        hex64(&safety["files"][0]["sha256"]) && safety["files"][0]["lang"].is_null(),
        "{safety}"
    );
    assert!(safety["sunset"].as_i64().unwrap() > p["asOf"].as_i64().unwrap());
    // The badge holders of the company: operators sign, staff verify; no secrets.
    let ops = p["operators"].as_array().unwrap();
    let by_badge = |b: &str| ops.iter().find(|o| o["badge"] == b).cloned();
    let op = by_badge("1001").expect("operator 1001");
    assert_eq!(
        (op["signsAsOperator"].as_bool(), op["mayVerify"].as_bool()),
        (Some(true), Some(false))
    );
    assert!(op["language"].is_string() && op["fullName"].is_string());
    let manager = by_badge("9001").expect("the process manager");
    assert_eq!(
        (manager["signsAsOperator"].as_bool(), manager["mayVerify"].as_bool()),
        (Some(false), Some(true))
    );
    assert!(ops.iter().all(|o| o["_id"] != "" && o["badge"] != ""));
    let text = serde_json::to_string(&p).unwrap();
    for secret in ["password", "pinHash", "pin_hash", "$argon2"] {
        assert!(!text.contains(secret), "{secret} in the pack");
    }
    assert_eq!(p["gate"], false, "the demo runs without the training gate");
}

#[tokio::test]
async fn a_signature_made_online_is_in_the_next_pack_and_the_pack_is_audited_once_per_period() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let p = pack(&netbook).await;
    let swp_id = p["parts"][0]["swp"]["_id"].as_str().unwrap().to_string();
    let op = p["operators"].as_array().unwrap().iter().find(|o| o["badge"] == "1001").unwrap()
        ["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let r = netbook
        .post(
            "/api/island/operator-read-swp",
            &json!({"opId": op, "swpId": swp_id, "key": "pack-read-1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let p = pack(&netbook).await;
    let mine: Vec<&Value> = p["signed"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["opId"] == op.as_str() && s["swpId"] == swp_id.as_str())
        .collect();
    assert_eq!(mine.len(), 1, "{}", p["signed"]);
    assert_eq!(mine[0]["verified"], false);
    let day = 24 * 3600 * 1000;
    assert_eq!(
        mine[0]["expires"].as_i64().unwrap() - mine[0]["signedAt"].as_i64().unwrap(),
        90 * day
    );
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM audit_log WHERE action = 'island.offline-pack'").await,
        1,
        "two packs, one period"
    );
    let verdict = plantdoc_core::audit::verify(&app.state.db).await.unwrap();
    assert!(matches!(verdict, plantdoc_core::audit::Verdict::Ok { .. }), "{verdict:?}");
}

#[tokio::test]
async fn the_pack_is_refused_without_a_zone_to_other_zones_and_to_other_accounts() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let r = netbook.get("/api/island/offline").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(r.body["zone"], "Set this netbook's zone in Settings first.");
    let r = netbook.get("/api/island/offline?zone=Z9").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(r.body["zone"].is_string(), "{}", r.text);
    // A console account (a manager with a badge) never gets the company's badges.
    let c = app.client();
    let login = json!({"email": "manager.process@demo.plant", "password": DEMO_PASSWORD});
    assert_eq!(c.post("/api/users/login", &login).await.status, StatusCode::OK);
    let r = c.get("/api/island/offline?zone=A1").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert_eq!(
        app.client().get("/api/island/offline?zone=A1").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn with_the_gate_on_the_pack_has_the_levels_the_gate_uses() {
    use crate::training::support::{add_op, add_part, block, leader};
    let app = spawn_with(&[
        ("auth.ip_attempts_per_minute", "1000"),
        ("release", "2.0"),
        ("modules.training.gate", "true"),
    ])
    .await;
    let p = super::support::plant(&app, "GATE-7101").await;
    let c = leader(&app).await;
    assert_eq!(add_part(&c, "GATE-7101", 4).await.status, StatusCode::OK);
    assert_eq!(add_op(&c, &p.op).await.status, StatusCode::OK);
    let r = c
        .post(
            "/api/training/matrix/edit/block",
            &json!({"blockId": block(&c, 0, 0).await, "squares": 3}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let pack = pack(&p.netbook).await;
    assert_eq!(pack["gate"], true);
    let ops = pack["operators"].as_array().unwrap();
    let op = ops.iter().find(|o| o["_id"] == p.op.as_str()).expect("the operator");
    let online = p.status().await;
    assert_eq!(online["trainingLevel"], 3);
    let level = &op["levels"]["GATE-7101"];
    assert_eq!(
        (&level["level"], &level["reason"]),
        (&online["trainingLevel"], &online["trainingReason"]),
        "{op}"
    );
    // Staff are in no matrix: no levels.
    let sup = ops.iter().find(|o| o["_id"] == p.sup.as_str()).expect("the supervisor");
    assert_eq!(sup["levels"], json!({}));
}
