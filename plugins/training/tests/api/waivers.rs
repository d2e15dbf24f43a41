//! Waivers (`POST /api/training/waivers`): the gate lets the operator run the part until
//! the waiver ends; checked, revocable, audited.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::qualification::{floor, Floor, ALL_OFF, PART};
use crate::helpers::*;

async fn grant(f: &Floor, days: Value, reason: &str) -> Resp {
    let body = json!({"opId": f.p.op, "partNumber": PART, "reason": reason, "days": days});
    f.lead.post("/api/training/waivers", &body).await
}

#[tokio::test]
async fn a_waiver_lets_the_gate_pass_until_its_end() {
    let mut f = floor(&[], -1).await;
    assert_eq!(f.card().await, (-1, Value::Null));
    assert_eq!(f.p.read("waiver-read-0").await.status, StatusCode::FORBIDDEN);
    let r = grant(&f, json!(2), "Line 3 start-up, Cell Leader beside the operator").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        (r.body["active"].clone(), r.body["ends"].clone()),
        (json!(true), json!("2026-01-03T00:00:00.000Z"))
    );
    let until = json!("Waiver on QUAL-7101 until the end of 2026-01-02");
    assert_eq!(f.card().await, (1, until));
    assert_eq!(f.p.read("waiver-read-1").await.status, StatusCode::OK);
    assert_eq!(audit_count(&f.app, "training.waiver").await, 1);
    f.days(2).await;
    assert_eq!(f.card().await, (-1, Value::Null), "ended");
    assert_eq!(f.p.read("waiver-read-2").await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn waivers_are_checked_revocable_and_listed() {
    let f = floor(&[], 0).await;
    let bad = grant(&f, json!(8), " ").await;
    assert_eq!(
        bad.body,
        json!({"days": "A waiver lasts 1 to 7 days.", "reason": "Please give the reason (at most 500 characters)."})
    );
    let none = f
        .lead
        .post("/api/training/waivers", &json!({"partNumber": "NOPE", "days": "1", "reason": "x"}))
        .await;
    assert_eq!(
        none.body,
        json!({"partNumber": "Please select the part number", "opId": "Please select the operator number"})
    );
    let clerk = f.app.signed_in("clerk@demo.plant", "clerk", "production").await;
    let body = json!({"opId": f.p.op, "partNumber": PART, "reason": "x", "days": 1});
    assert_eq!(clerk.post("/api/training/waivers", &body).await.status, StatusCode::FORBIDDEN);
    let other = f.app.signed_in("far@demo.plant", "supervisor", "production").await; // zones A1, B2 of mpk
    assert_eq!(
        other.post("/api/training/waivers", &body).await.status,
        StatusCode::OK,
        "A1 is one of its zones"
    );

    f.app.clock.advance_secs(60);
    let w = grant(&f, json!("3"), "Trainer beside the operator").await.body;
    assert_eq!(f.card().await.0, 1);
    let id = w["_id"].as_str().unwrap();
    let r = f.lead.post(&format!("/api/training/waivers/{id}/revoke"), &json!({})).await;
    assert_eq!((r.status, r.body["active"].clone()), (StatusCode::OK, json!(false)), "{}", r.text);
    assert_eq!(
        f.lead.post(&format!("/api/training/waivers/{id}/revoke"), &json!({})).await.status,
        StatusCode::CONFLICT
    );
    assert_eq!(audit_count(&f.app, "training.waiver.revoke").await, 1);
    // The other supervisor's waiver is still in force.
    assert_eq!(f.card().await.0, 1);
    let list = f.lead.get(&format!("/api/training/waivers?opId={}", f.p.op)).await.body;
    let active: Vec<_> =
        list.as_array().unwrap().iter().map(|w| w["active"].as_bool().unwrap()).collect();
    assert_eq!(active, [false, true], "newest first");
}

#[tokio::test]
async fn waiver_max_days_0_turns_waivers_off() {
    let f = floor(&ALL_OFF, 0).await;
    let config = f.p.netbook.get("/api/island/kiosk-config").await.body;
    assert_eq!(config["waiverMaxDays"], 0, "the kiosk offers no waiver");
    let r = grant(&f, json!(1), "x").await;
    assert_eq!(
        (r.status, r.body["error"].clone()),
        (StatusCode::CONFLICT, json!("Waivers are not in use in this plant."))
    );
}

#[tokio::test]
async fn a_team_lead_grants_a_waiver_at_the_kiosk_with_their_own_badge() {
    let f = floor(&[], -1).await;
    // The kiosk's waiver screen offers 1 to waiver_max_days.
    let config = f.p.netbook.get("/api/island/kiosk-config").await.body;
    assert_eq!(config["waiverMaxDays"], 7);
    let body = |badge: &str| json!({"badgeNo": badge, "opId": f.p.op, "partNumber": PART, "reason": "Start-up", "days": 1});
    let at_kiosk = |badge: &'static str| {
        let (c, b) = (f.p.netbook.clone(), body(badge));
        async move { c.post("/api/island/waiver", &b).await }
    };
    let clerk = at_kiosk("3001").await;
    assert_eq!(
        (clerk.status, clerk.body["error"].clone()),
        (
            StatusCode::FORBIDDEN,
            json!(
                "Only managers and supervisors of production and process edit training matrices."
            )
        )
    );
    assert_eq!(at_kiosk("1001").await.status, StatusCode::FORBIDDEN, "the operator's own badge");
    let days = f.p.netbook.post("/api/island/waiver", &with_days(body("2001"), 9)).await;
    assert_eq!(days.body, json!({"days": "A waiver lasts 1 to 7 days."}));
    let r = at_kiosk("2001").await;
    assert_eq!((r.status, r.body["active"].clone()), (StatusCode::OK, json!(true)), "{}", r.text);
    assert_eq!(f.card().await, (1, json!("Waiver on QUAL-7101 until the end of 2026-01-01")));
    let via: String = sqlx::query_scalar(
        "SELECT after_json FROM audit_log WHERE action = 'training.waiver' ORDER BY seq DESC LIMIT 1",
    )
    .fetch_one(&f.app.state.db.pool)
    .await
    .unwrap_or_default();
    assert!(via.contains("kiosk badge"), "{via}");
    // The auditor's file of the part lists it.
    let file = f.lead.get(&format!("/api/swps/audit-file/{PART}.csv")).await;
    assert_eq!(file.status, StatusCode::OK, "{}", file.text);
    let line =
        file.text.lines().find(|l| l.contains("training-waiver")).unwrap_or_default().to_string();
    assert!(
        line.contains("OP1001 Badge 1001")
            && line.contains("Badge 2001 (kiosk badge")
            && line.contains("Start-up"),
        "{line}"
    );
}

fn with_days(mut b: Value, days: i64) -> Value {
    b["days"] = json!(days);
    b
}
