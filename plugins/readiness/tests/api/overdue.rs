//! 'Readings overdue in your zone' (decision 68): open obligations past their due date are
//! counted once per zone; the supervisors and managers who see the zone are told (a
//! digest by default), nobody of another zone or company.
use serde_json::{json, Value};

use super::support::*;
use crate::alerts::support::{crew, deployed};
use crate::helpers::*;
use crate::swp::support::{add, login};

async fn overdue_titles(c: &Client) -> Vec<String> {
    let page: Value = c.get("/api/notifications").await.body;
    let items = page["items"].as_array().unwrap_or_else(|| panic!("{page}"));
    let mine = items.iter().filter(|i| i["kind"] == "readiness.overdue");
    mine.map(|i| format!("{} -> {}", i["title"].as_str().unwrap(), i["link"].as_str().unwrap()))
        .collect()
}

#[tokio::test]
async fn the_zone_leads_hear_once_of_readings_gone_overdue() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    for (badge, zones) in [("1501", &["A1"][..]), ("1502", &["A1"]), ("1503", &["B2"])] {
        operator(&app, badge, "mpk", zones).await;
    }
    operator(&app, "9501", "umw", &["A1"]).await;
    add(&app, "sup.a1@demo.plant", "supervisor", "production", "mpk", &["A1"]).await;
    add(&app, "sup.c1@demo.plant", "supervisor", "production", "mpk", &["C1"]).await;
    add(&app, "mgr.ab@demo.plant", "manager", "production", "mpk", &["A1", "B2"]).await;
    add(&app, "eng.a1@demo.plant", "engineer", "process", "mpk", &["A1"]).await;
    deployed(&crew, json!({"zones": ["A1", "B2"]})).await;
    assert_eq!(
        plantdoc_readiness::tell_overdue(&app.state).await.unwrap(),
        0,
        "due at once, not overdue yet"
    );

    app.clock.advance_secs(60);
    assert_eq!(
        plantdoc_readiness::tell_overdue(&app.state).await.unwrap(),
        3,
        "the three operators of mpk"
    );
    assert_eq!(plantdoc_readiness::tell_overdue(&app.state).await.unwrap(), 0, "counted once");
    let (a1, b2) =
        ("/main/readiness?zone=A1&state=overdue", "/main/readiness?zone=B2&state=overdue");
    let sup = login(&app, "sup.a1@demo.plant").await;
    assert_eq!(overdue_titles(&sup).await, [format!("2 readings overdue in zone A1 -> {a1}")]);
    let mut mgr = overdue_titles(&login(&app, "mgr.ab@demo.plant").await).await;
    mgr.sort();
    assert_eq!(
        mgr,
        [
            format!("1 reading overdue in zone B2 -> {b2}"),
            format!("2 readings overdue in zone A1 -> {a1}")
        ]
    );
    for nobody in ["sup.c1@demo.plant", "eng.a1@demo.plant"] {
        assert!(
            overdue_titles(&login(&app, nobody).await).await.is_empty(),
            "{nobody}: not their zone or not a lead"
        );
    }
    let digest = "SELECT COUNT(*) FROM notifications WHERE kind = 'readiness.overdue' AND channel = 'digest'";
    assert_eq!(
        scalar(&app, digest).await,
        5,
        "a daily digest by default: sup.a1 1, mgr.ab and the crew's manager 2 each"
    );
}
