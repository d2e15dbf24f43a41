//! Retention of alerts (decision 69): an alert leaves use at its sunset; it is kept,
//! with its file and sign records, for the retention years after that, then purged
//! (audited) with its zone rows, file row and blob.
use plantdoc_core::clock::Clock;
use plantdoc_core::retention;
use serde_json::json;

use super::support::*;
use crate::helpers::*;

#[tokio::test]
async fn an_alert_is_kept_for_the_retention_years_after_its_sunset() {
    let app = spawn_with(&[("retention.years_after_obsolete", "1")]).await;
    let crew = crew(&app).await;
    let a = deployed(&crew, json!({})).await;
    let id = a["_id"].as_str().unwrap().to_string();
    sign(&app, &id, &crew.eng_id, false).await;
    let sunset: i64 =
        scalar(&app, &format!("SELECT sunset_date FROM alerts WHERE id = '{id}'")).await;
    // A year after the sunset (2027-01-08, no leap day between): still kept.
    app.clock.advance_secs((sunset + 365 * 24 * 3600 * 1000 - app.clock.now_ms()) / 1000);
    assert!(retention::purge(&app.state, true, "test").await.unwrap().items.is_empty());
    app.clock.advance_secs(1);
    let dry = retention::purge(&app.state, true, "test").await.unwrap();
    assert_eq!(
        dry.items.iter().map(|(m, i)| (m.as_str(), i.target.clone())).collect::<Vec<_>>(),
        [("alerts", format!("alert:{id}"))]
    );
    let files = scalar(&app, "SELECT COUNT(*) FROM files").await;
    let done = retention::purge(&app.state, false, "test").await.unwrap();
    assert_eq!((done.removed_rows, done.removed_blobs), (1, 1));
    for (table, col) in
        [("alerts", "id"), ("alert_zones", "alert_id"), ("acknowledgements", "doc_id")]
    {
        assert_eq!(
            scalar(&app, &format!("SELECT COUNT(*) FROM {table} WHERE {col} = '{id}'")).await,
            0,
            "{table}"
        );
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM files").await, files - 1);
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE action = 'retention.purge' AND target = 'alert:{id}'")).await,
        1
    );
}
