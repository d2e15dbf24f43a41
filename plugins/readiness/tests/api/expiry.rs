//! `expiring`: a verified signature of the current SWP version opens an obligation
//! `renew_days_before` (14) days before its 90-day expiry, due at the expiry, by the
//! module's task at the app's (injected) clock; a new verified signature closes it.
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::swp::support::{crew, deployed, kiosk, login, person, relogin};

#[tokio::test]
async fn a_signature_is_due_for_renewal_from_day_76_and_overdue_at_day_90() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    let swp = deployed(&crew, "RD-300", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let op = operator(&app, "1501", "mpk", &["A1"]).await;
    let old = operator(&app, "1502", "mpk", &["A1"]).await;
    kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    crate::island::support::badged(
        &app,
        "sup2001@demo.plant",
        "supervisor",
        "production",
        "mpk",
        "2001",
    )
    .await;
    let netbook = login(&app, "kiosk@demo.plant").await;
    kiosk_signs(&netbook, &op, &swp, "2001").await; // signed at T0
    signed_before(&app, &swp, &old, T0 - 200 * DAY * 1000, true).await; // expired long ago: not renewed
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    for (day, total) in [(75, 0), (76, 1), (90, 1)] {
        app.clock.advance_secs(T0 / 1000 + day * DAY - app.state.now_ms() / 1000);
        plantdoc_readiness::tick(&app.state).await.unwrap();
        relogin(&mgr, "mgr@demo.plant").await;
        let got = list(&mgr, "").await;
        assert_eq!(got["total"], total, "day {day}: {got}");
        if total == 1 {
            let r = &got["results"][0];
            assert_eq!(
                (r["operator"]["_id"].as_str(), r["reason"].as_str()),
                (Some(op.as_str()), Some("expiring")),
                "day {day}"
            );
            assert_eq!(r["dueDate"]["date"], plantdoc_core::clock::iso(T0 + 90 * DAY * 1000));
            assert_eq!(r["state"], "open", "due at the expiry, not past it yet");
        }
    }
    app.clock.advance_secs(60);
    relogin(&mgr, "mgr@demo.plant").await;
    assert_eq!(
        rows(&list(&mgr, "").await),
        want(&[(&op, "expiring", "overdue")]),
        "past the expiry"
    );
    assert_eq!(list(&mgr, "state=overdue").await["total"], 1);
    // Signed and verified again: done, and no new one from the old record.
    relogin(&netbook, "kiosk@demo.plant").await;
    kiosk_signs(&netbook, &op, &swp, "2001").await;
    plantdoc_readiness::tick(&app.state).await.unwrap();
    assert_eq!(rows(&list(&mgr, "").await), want(&[(&op, "expiring", "done")]));
}

#[tokio::test]
async fn the_renewal_window_is_a_setting() {
    let app = spawn_with(&[RELEASE[0], ("modules.readiness.renew_days_before", "30")]).await;
    let crew = crew(&app).await;
    let swp = deployed(&crew, "RD-301", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let op = operator(&app, "1601", "mpk", &["A1"]).await;
    signed_before(&app, &swp, &op, T0, true).await;
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    app.clock.advance_secs(60 * DAY);
    plantdoc_readiness::tick(&app.state).await.unwrap();
    relogin(&mgr, "mgr@demo.plant").await;
    assert_eq!(rows(&list(&mgr, "").await), want(&[(&op, "expiring", "open")]));
}
