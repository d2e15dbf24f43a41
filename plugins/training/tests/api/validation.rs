//! Section 5's texts, enforced by the server as field errors; the Add Training form;
//! the kiosk's level with competency gating off (the spec: 5) and on.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

fn errors(r: &Resp) -> Value {
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    r.body.clone()
}

#[tokio::test]
async fn every_rule_has_its_text() {
    let app = app(&[]).await;
    let c = leader(&app).await;
    let op = operator(&app, "OP1", "mpk").await;
    part(&app, "mpk", "P-1").await;
    part(&app, "mpk", "P-2").await;

    // Genesis: part, operator, rotation required; notes 250; op target 'Number must not exceed 24 hours'.
    let r = c
        .post(
            "/api/training/matrix/add/genesis-block",
            &with(a1(), json!({"partDesc": "1234567890123", "notes": "n".repeat(251), "certTargetPartHours": -1, "certTargetOpHours": 25})),
        )
        .await;
    assert_eq!(
        errors(&r),
        json!({
            "partNumber": "Please select the part number", "opId": "Please select the operator number",
            "partRotation": "Please enter the required rotation hours", "partDesc": "Part description must be a maximum of 12 characters",
            "notes": "Please limit your notes to 250 characters", "certTargetPartHours": "Hours must be between 0 and 24",
            "certTargetOpHours": "Number must not exceed 24 hours"
        })
    );
    let ok = json!({"partNumber": "P-1", "partRotation": 2, "certTargetPartHours": 0, "opId": op, "certTargetOpHours": 24, "notes": "n".repeat(250), "partDesc": "123456789012"});
    assert_eq!(
        c.post("/api/training/matrix/add/genesis-block", &with(a1(), ok)).await.status,
        StatusCode::OK
    );

    // Add part.
    let body = |v: Value| with(a1(), v);
    let r = c
        .post(
            "/api/training/matrix/add/part",
            &body(json!({"partNumber": "P-1", "partRotation": 3, "certTargetPartHours": 25})),
        )
        .await;
    assert_eq!(
        errors(&r),
        json!({"partNumber": "This part is already in the matrix", "partRotation": "Please enter the required rotation hours", "certTargetPartHours": "Hours must be between 0 and 24"})
    );
    let r = c
        .post(
            "/api/training/matrix/add/part",
            &body(json!({"partNumber": "NOPE", "partDesc": "x".repeat(13), "partRotation": 8, "certTargetPartHours": "abc"})),
        )
        .await;
    assert_eq!(
        errors(&r),
        json!({"partNumber": "Please select the part number", "partDesc": "Part description must be a maximum of 12 characters", "certTargetPartHours": "Hours must be between 0 and 24"})
    );
    let r = c
        .post(
            "/api/training/matrix/add/part",
            &body(json!({"partNumber": "P-2", "partRotation": 8})),
        )
        .await;
    assert_eq!(errors(&r), json!({"certTargetPartHours": "Hours must be between 0 and 24"}));

    // Add operator.
    let r = c
        .post("/api/training/matrix/add/op", &body(json!({"opId": op, "certTargetOpHours": 24.5})))
        .await;
    assert_eq!(
        errors(&r),
        json!({"opId": "This operator is already in the matrix", "certTargetOpHours": "Hours must be between 0 and 24"})
    );
    let r = c.post("/api/training/matrix/add/op", &body(json!({"certTargetOpHours": 1}))).await;
    assert_eq!(errors(&r), json!({"opId": "Please select the operator number"}));

    // Targets, levels, matrices.
    let r = c
        .post("/api/training/certs/op", &body(json!({"opNumber": "OP1", "certTargetOpHours": 30})))
        .await;
    assert_eq!(errors(&r), json!({"certTargetOpHours": "Hours must be between 0 and 24"}));
    let r = c.post("/api/training/certs/part", &body(json!({"partNumber": "P-1"}))).await;
    assert_eq!(errors(&r), json!({"certTargetPartHours": "Hours must be between 0 and 24"}));
    // Out of 0–24 is refused, never clamped.
    for bad in [json!(-1), json!(25)] {
        let r = c
            .post(
                "/api/training/certs/part",
                &body(json!({"partNumber": "P-1", "certTargetPartHours": bad})),
            )
            .await;
        assert_eq!(
            errors(&r),
            json!({"certTargetPartHours": "Hours must be between 0 and 24"}),
            "{bad}"
        );
        let r = c
            .post(
                "/api/training/certs/op",
                &body(json!({"opNumber": "OP1", "certTargetOpHours": bad})),
            )
            .await;
        assert_eq!(
            errors(&r),
            json!({"certTargetOpHours": "Hours must be between 0 and 24"}),
            "{bad}"
        );
    }
    let b = block(&c, 0, 0).await;
    for bad in [json!(5), json!(-2), json!("x"), Value::Null] {
        let r =
            c.post("/api/training/matrix/edit/block", &json!({"blockId": b, "squares": bad})).await;
        assert_eq!(errors(&r), json!({"squares": "Please select a training level from -1 to 4"}));
    }
    let r = c
        .post("/api/training/matrix/edit/block", &json!({"blockId": "nope:nope", "squares": 1}))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = c.get("/api/training/matrix/shift/4/cell/E/zone/0").await;
    assert_eq!(
        errors(&r),
        json!({"shift": "Please select shift 1, 2 or 3", "cell": "Please select cell A, B, C or D", "zone": "Please select zone 1, 2 or 3"})
    );
    let r = c.post("/api/training/matrix/add/part", &json!({"partNumber": "P-2"})).await;
    assert_eq!(errors(&r)["shift"], "Please select shift 1, 2 or 3");
    let r =
        c.send(reqwest::Method::POST, "/api/training/matrix/add/part", Some("{".into()), &[]).await;
    assert_eq!(errors(&r), json!({"body": "Malformed JSON."}));
    assert_eq!(audit_count(&app, "training.part.add").await, 0, "nothing refused was written");
}

#[tokio::test]
async fn the_add_training_form() {
    let app = app(&[]).await;
    let c = leader(&app).await;
    let op = operator(&app, "OP1", "mpk").await;
    let p = part(&app, "mpk", "P-1").await;
    let r = c.post("/api/training/add", &json!({"partNumber": "", "squares": 9})).await;
    assert_eq!(
        errors(&r),
        json!({"partNumber": "Please select the part number", "op": "Please select the operator number", "squares": "Please select a training level from -1 to 4"})
    );
    let form = json!({"partNumber": "P-1", "part": p, "squares": 2, "op": op});
    let r = c.post("/api/training/add", &form).await;
    assert!(errors(&r)["error"]
        .as_str()
        .unwrap()
        .starts_with("No training matrix has part P-1 and operator OP1"));
    add_part(&c, "P-1", 4).await;
    add_op(&c, &op).await;
    let r = c.post("/api/training/add", &form).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["matrices"], json!([{"shift": 1, "cell": "A", "zone": 1}]));
    assert_eq!(c.get(MATRIX_A1).await.body["matrix"][0]["rowData"][0]["squares"], 2);
    assert_eq!(audit_count(&app, "training.level").await, 1);
}

async fn kiosk_levels(gate: &str) -> (i64, i64, i64, StatusCode) {
    let app = app(&[("modules.training.gate", gate)]).await;
    let c = leader(&app).await;
    let op = operator(&app, "OP1", "mpk").await;
    let other = operator(&app, "UM1", "umw").await;
    part(&app, "mpk", "P-1").await;
    part(&app, "mpk", "P-2").await;
    add_part(&c, "P-1", 4).await;
    add_op(&c, &op).await;
    crate::swp::support::kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let kiosk = login(&app, "kiosk@demo.plant").await;
    let level = |p: &'static str| {
        let kiosk = kiosk.clone();
        let op = op.clone();
        async move {
            let r = kiosk.get(&format!("/api/training/op/squares/opId/{op}/part-number/{p}")).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            r.body["squares"].as_i64().unwrap()
        }
    };
    let not_started = level("P-1").await;
    c.post(
        "/api/training/matrix/edit/block",
        &json!({"blockId": block(&c, 0, 0).await, "squares": 3}),
    )
    .await;
    let trained = level("P-1").await;
    let unknown = level("P-2").await;
    let foreign =
        kiosk.get(&format!("/api/training/op/squares/opId/{other}/part-number/P-1")).await.status;
    // The public function the island reads agrees with the call.
    assert_eq!(plantdoc_training::level(&app.state, &op, "P-1").await, Some(3));
    assert_eq!(plantdoc_training::level(&app.state, &op, "P-2").await, None);
    (not_started, trained, unknown, foreign)
}

#[tokio::test]
async fn kiosk_level_is_5_unless_gated() {
    assert_eq!(kiosk_levels("false").await, (5, 5, 5, StatusCode::NOT_FOUND));
    assert_eq!(kiosk_levels("true").await, (-1, 3, -1, StatusCode::NOT_FOUND));
}
