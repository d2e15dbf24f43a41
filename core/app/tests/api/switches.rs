//! Module switches at run time: plant administrators only, dependencies kept, routes and remotes 404
//! at once while off and back when on (no restart), migrations run on enable, audited,
//! stored over the config across a restart.
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

fn module<'a>(list: &'a Value, id: &str) -> &'a Value {
    list["modules"].as_array().unwrap().iter().find(|m| m["id"] == id).unwrap()
}

#[tokio::test]
async fn a_switch_takes_effect_at_once_keeps_dependencies_and_is_audited() {
    let app = spawn().await;
    let eng = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let manager = app.signed_in("manager@demo.plant", "manager", "process").await;
    let boss = app.signed_in_plant_admin("boss@demo.plant", "manager", "process").await;
    let switch = |id: &str, on: bool| json!({"id": id, "enabled": on});
    let route = "/api/swps/user-pending-swps";
    let remote = format!("{}/remotes/swp/remoteEntry.js", app.base);
    assert_eq!(eng.get(route).await.status, StatusCode::OK);
    assert_eq!(reqwest::get(&remote).await.unwrap().status(), StatusCode::OK);

    // A company's manager does not switch the plant's modules (decision 46); nor does anyone
    // but a plant administrator.
    for c in [&eng, &manager] {
        let refused = c.post("/api/modules/switch", &switch("swp", false)).await;
        assert_eq!(
            (refused.status, refused.body["error"].as_str()),
            (StatusCode::FORBIDDEN, Some("Switching modules is for plant administrators only."))
        );
    }
    assert_eq!(manager.get("/api/users/current").await.body["plantAdmin"], false);
    assert_eq!(boss.get("/api/users/current").await.body["plantAdmin"], true);
    assert_eq!(
        app.client().post("/api/modules/switch", &switch("swp", false)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        boss.post("/api/modules/switch", &switch("nope", false)).await.body,
        json!({"id": "There is no such module."})
    );
    assert_eq!(
        boss.post("/api/modules/switch", &json!({"id": "swp"})).await.status,
        StatusCode::BAD_REQUEST
    );
    // SWPs has enabled dependants.
    let dep = boss.post("/api/modules/switch", &switch("swp", false)).await;
    assert_eq!(dep.body, json!({"enabled": "Island, Sign Off needs SWPs: disable them first."}));
    assert_eq!(eng.get(route).await.status, StatusCode::OK, "nothing switched");

    for id in ["island", "signoff", "swp"] {
        let r = boss.post("/api/modules/switch", &switch(id, false)).await;
        assert_eq!(r.status, StatusCode::OK, "{id}: {}", r.text);
    }
    let gone = eng.get(route).await;
    assert_eq!(
        (gone.status, gone.body.clone()),
        (StatusCode::NOT_FOUND, json!({"error": "Not found."}))
    );
    assert_eq!(reqwest::get(&remote).await.unwrap().status(), StatusCode::NOT_FOUND);
    let list = eng.get("/api/modules").await.body;
    assert_eq!(module(&list, "swp")["enabled"], false);
    assert_eq!(module(&list, "swp")["switch"]["changedBy"], "Test boss");
    assert_eq!(module(&list, "alerts")["switch"], Value::Null, "never switched: the config's");
    // Sign Off cannot come back before SWPs.
    let early = boss.post("/api/modules/switch", &switch("signoff", true)).await;
    assert_eq!(early.body, json!({"enabled": "Sign Off needs SWPs: enable it first."}));

    let back = boss.post("/api/modules/switch", &switch("swp", true)).await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.text);
    assert_eq!(eng.get(route).await.status, StatusCode::OK, "back without a restart");
    assert_eq!(reqwest::get(&remote).await.unwrap().status(), StatusCode::OK);
    let count = |a: &str| format!("SELECT COUNT(*) FROM audit_log WHERE action = '{a}'");
    assert_eq!(
        (scalar(&app, &count("module.disable")).await, scalar(&app, &count("module.enable")).await),
        (3, 1)
    );

    // A restart over the same database keeps the stored switches over the config.
    // (The first app's folder holds the SQLite file: stop it, keep the folder.)
    let mut app = app;
    let _ = app.stop.take().map(|s| s.send(()));
    let db = app.db_url.clone();
    let again = spawn_on(tempfile::tempdir().unwrap(), db, &[]).await;
    let c = again.client();
    let r = c
        .post("/api/users/login", &json!({"email": "erin@demo.plant", "password": PASSWORD}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let list = c.get("/api/modules").await.body;
    assert_eq!(
        (module(&list, "swp")["enabled"].as_bool(), module(&list, "signoff")["enabled"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(c.get(route).await.status, StatusCode::OK);
}

#[tokio::test]
async fn enabling_runs_the_module_migrations() {
    let off = [
        ("modules.swp.enabled", "false"),
        ("modules.signoff.enabled", "false"),
        ("modules.island.enabled", "false"),
    ];
    let app = spawn_with(&off).await;
    let boss = app.signed_in_plant_admin("boss@demo.plant", "manager", "process").await;
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM plantdoc_migrations WHERE module = 'swp'").await,
        0
    );
    assert_eq!(boss.get("/api/swps/user-pending-swps").await.status, StatusCode::NOT_FOUND);
    let r = boss.post("/api/modules/switch", &json!({"id": "swp", "enabled": true})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(
        scalar(&app, "SELECT COUNT(*) FROM plantdoc_migrations WHERE module = 'swp'").await >= 3
    );
    let list = boss.get("/api/swps/user-pending-swps").await;
    assert_eq!((list.status, list.body.clone()), (StatusCode::OK, json!([])), "its tables exist");
}

/// A port is there while its provider is on: the SWPs' `DeployedDocs` follows the swp
/// module's switch at once (no restart), as the island asks it at every call.
#[tokio::test]
async fn a_port_follows_its_providers_switch() {
    use plantdoc_core::ports::{AlertsInForce, DeployedDocs, TrainingLevels};
    let off = [
        ("modules.swp.enabled", "false"),
        ("modules.signoff.enabled", "false"),
        ("modules.island.enabled", "false"),
    ];
    let app = spawn_with(&off).await;
    let boss = app.signed_in_plant_admin("boss@demo.plant", "manager", "process").await;
    let state = &app.state;
    assert!(state.port::<dyn DeployedDocs>().is_none(), "swp off");
    assert!(state.port::<dyn AlertsInForce>().is_some(), "alerts on");
    assert!(state.port::<dyn TrainingLevels>().is_none(), "training is off in release 1.0");
    let switch = |on: bool| {
        let boss = boss.clone();
        async move { boss.post("/api/modules/switch", &json!({"id": "swp", "enabled": on})).await }
    };
    assert_eq!(switch(true).await.status, StatusCode::OK);
    let docs = state.port::<dyn DeployedDocs>().expect("swp on: its port");
    let mut c = state.db.pool.acquire().await.unwrap();
    let id: String = sqlx::query_scalar("SELECT id FROM users WHERE email = 'boss@demo.plant'")
        .fetch_one(&state.db.pool)
        .await
        .unwrap();
    let boss_user = plantdoc_core::auth::users::find_by_id(&mut c, &id).await.unwrap().unwrap();
    assert_eq!(docs.deployed(state, &boss_user, "no-such-swp").await.unwrap(), None);
    assert_eq!(switch(false).await.status, StatusCode::OK);
    assert!(state.port::<dyn DeployedDocs>().is_none(), "off again");
}
