//! An alert's PDF is served as a controlled copy (decision 71): an
//! alert has no revision, so its stamp names its tag, part, zones and the window it is
//! in force; past its sunset it says EXPIRED — DO NOT USE.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::swp::copies::{open_as, qr_codes};
use crate::swp::support::{login, page_texts, qpdf_check, relogin};

#[tokio::test]
async fn alert_pdfs_are_controlled_copies_until_their_sunset() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let a = deployed(&crew, json!({})).await;
    let (id, tag) = (a["_id"].as_str().unwrap(), a["alertTag"].as_str().unwrap());
    let subject =
        format!("Alert {tag} · part AL-100 · zones A1, B2 · in force 2026-01-01 to 2026-01-08");
    let link = crew
        .manager
        .get(&format!("/api/alerts/signed-url/{id}"))
        .await
        .body
        .as_str()
        .unwrap()
        .to_string();
    let (status, copy, _) = open_as(Some(&crew.manager), &app, &link, None).await;
    assert_eq!(status, StatusCode::OK);
    let want = format!("Current when printed · {subject} · printed 2026-01-01 00:00 +00:00 by Test pm · UNCONTROLLED WHEN PRINTED");
    assert!(page_texts(&copy)[0].contains(&want), "{:?}", page_texts(&copy));
    assert!(qpdf_check(&copy).0);
    let public = app.state.settings.server.public_url.trim_end_matches('/').to_string();
    assert_eq!(
        qr_codes(&copy),
        vec![format!("{public}/api/alerts/copy/{id}")],
        "the QR code opens the alert's check"
    );
    let r = app.client().get(&format!("/api/alerts/copy/{id}")).await;
    assert!(
        r.text.contains(&format!("CURRENT — alert {tag} in force"))
            && r.text.contains("Part number AL-100"),
        "{}",
        r.text
    );

    // The kiosk's feed links the same document, printed by the netbook.
    crate::swp::support::kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let kiosk = login(&app, "kiosk@demo.plant").await;
    let feed = kiosk.get("/api/alerts/operator-alerts/zone/A1").await;
    let (_, copy, _) =
        open_as(Some(&kiosk), &app, feed.body[0]["url"].as_str().unwrap(), None).await;
    assert!(
        page_texts(&copy)[0].contains("by Island Kiosk (kiosk) · UNCONTROLLED WHEN PRINTED"),
        "{:?}",
        page_texts(&copy)
    );

    // Past its sunset: expired, do not use.
    app.clock.advance_secs(8 * 86_400);
    relogin(&crew.manager, "pm@demo.plant").await;
    let link = crew
        .manager
        .get(&format!("/api/alerts/signed-url/{id}"))
        .await
        .body
        .as_str()
        .unwrap()
        .to_string();
    let (_, copy, _) = open_as(Some(&crew.manager), &app, &link, None).await;
    let text = page_texts(&copy)[0].clone();
    assert!(
        text.contains(&format!(
            "EXPIRED — DO NOT USE · {subject} · printed 2026-01-09 00:00 +00:00 by Test pm"
        )),
        "{text}"
    );
}
