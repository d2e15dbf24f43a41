//! The training card (decision 'Training'): level 5 while the training module is off
//! (release 1.0) or `modules.training.gate = false`; with the gate on, the matrix's real
//! level, and a level of 0 or below refuses the read.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::training::support::{add_op, add_part, block, leader};

const PART: &str = "GATE-7101";

/// (level with no matrix, read answer then, level at -1 in the matrix, level after
/// squares 3, read answer then).
async fn levels(overrides: &[(&str, &str)]) -> (i64, StatusCode, i64, i64, StatusCode) {
    let mut o = vec![("auth.ip_attempts_per_minute", "1000")];
    o.extend_from_slice(overrides);
    let app = spawn_with(&o).await;
    let p = plant(&app, PART).await;
    let level = || async { p.status().await["trainingLevel"].as_i64().unwrap() };
    let none = level().await;
    let refused = p.read("gate-read-0001").await.status;
    let mut in_matrix = 5;
    if app.state.module_enabled("training") {
        let c = leader(&app).await;
        assert_eq!(add_part(&c, PART, 4).await.status, StatusCode::OK);
        assert_eq!(add_op(&c, &p.op).await.status, StatusCode::OK);
        in_matrix = level().await;
        let r = c
            .post(
                "/api/training/matrix/edit/block",
                &json!({"blockId": block(&c, 0, 0).await, "squares": 3}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    }
    let trained = level().await;
    let read = p.read("gate-read-0002").await.status;
    (none, refused, in_matrix, trained, read)
}

#[tokio::test]
async fn training_gate_off_is_level_5() {
    let ok = StatusCode::OK;
    assert_eq!(
        levels(&[("release", "2.0"), ("modules.training.gate", "false")]).await,
        (5, ok, 5, 5, ok)
    );
}

#[tokio::test]
async fn training_gate_on_uses_the_matrix_and_blocks_at_0_and_below() {
    let (none, refused, in_matrix, trained, read) =
        levels(&[("release", "2.0"), ("modules.training.gate", "true")]).await;
    assert_eq!((none, refused), (-1, StatusCode::FORBIDDEN));
    assert_eq!((in_matrix, trained, read), (-1, 3, StatusCode::OK));
}

#[tokio::test]
async fn training_module_off_release_1_is_level_5_whatever_the_gate() {
    let ok = StatusCode::OK;
    assert_eq!(
        levels(&[("release", "1.0"), ("modules.training.gate", "true")]).await,
        (5, ok, 5, 5, ok)
    );
}

/// The training module provides the `TrainingLevels` port: switched off at run time the
/// kiosk is told level 5 (as in release 1.0) and a read goes through whatever the gate;
/// back on, the gate applies again.
#[tokio::test]
async fn training_switched_off_at_run_time_is_level_5_and_back_on_gates_again() {
    let app = spawn_with(&[
        ("auth.ip_attempts_per_minute", "1000"),
        ("release", "2.0"),
        ("modules.training.gate", "true"),
    ])
    .await;
    let p = plant(&app, PART).await;
    let level = || async { p.status().await["trainingLevel"].as_i64().unwrap() };
    let admin = app.signed_in_plant_admin("it@ports.plant", "manager", "process").await;
    let switch = |on: bool| {
        let admin = admin.clone();
        async move {
            admin
                .post("/api/modules/switch", &json!({"id": "training", "enabled": on}))
                .await
                .status
        }
    };
    assert_eq!((level().await, p.read("port-read-0001").await.status), (-1, StatusCode::FORBIDDEN));
    assert_eq!(switch(false).await, StatusCode::OK);
    assert_eq!((level().await, p.read("port-read-0002").await.status), (5, StatusCode::OK));
    assert_eq!(switch(true).await, StatusCode::OK);
    assert_eq!((level().await, p.read("port-read-0003").await.status), (-1, StatusCode::FORBIDDEN));
}
