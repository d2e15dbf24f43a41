//! An alert's file goes through the core's PDF checks (decision 29) exactly as an SWP
//! section does: a PDF with owner permissions only is accepted, one that needs a password
//! to open is refused under alertFile with the core's message.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::swp::support::person;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/real/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[tokio::test]
async fn alert_files_pass_the_core_pdf_checks() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    let r = upload(&eng, "owner-permissions.pdf", &fixture("owner-permissions.pdf")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let f = r.body["serverId"].as_str().unwrap().to_string();
    let r = eng.post("/api/alerts/uploadS3", &payload(&f, json!({}))).await;
    assert_eq!(r.status, StatusCode::OK, "owner permissions only: {}", r.text);

    let r = upload(&eng, "needs-password.pdf", &fixture("needs-password.pdf")).await;
    let msg = if r.status == StatusCode::OK {
        let f = r.body["serverId"].as_str().unwrap().to_string();
        let s = eng.post("/api/alerts/uploadS3", &payload(&f, json!({}))).await;
        assert_eq!(s.status, StatusCode::BAD_REQUEST, "{}", s.text);
        assert_eq!(
            s.body.as_object().unwrap().keys().collect::<Vec<_>>(),
            vec!["alertFile"],
            "{}",
            s.text
        );
        s.body["alertFile"].as_str().unwrap().to_string()
    } else {
        r.body["file"].as_str().unwrap_or_default().to_string()
    };
    assert!(msg.contains("needs-password.pdf needs a password"), "{msg}");
    // Nothing was stored as an alert for the refused file.
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM alerts")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(n, 1);
}
