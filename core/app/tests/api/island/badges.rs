//! Badge scans: who a badge is (the netbook's company only) and wrong badges throttled
//! per netbook on the injected clock.
use reqwest::StatusCode;

use super::support::*;
use crate::helpers::*;
use crate::swp::support::login;

#[tokio::test]
async fn a_badge_names_a_person_of_the_netbooks_company() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let r = p.netbook.get("/api/island/operator-from-badge/1001").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["_id"], p.op.as_str());
    assert_eq!(r.body["opNo"], "OP1001");
    assert_eq!(r.body["fullName"], "Badge 1001");
    assert_eq!(r.body["position"], "operator");
    assert_eq!(r.body["companyCode"], "mpk");
    for badge in ["9001", "nobody", "%20"] {
        let r = p.netbook.get(&format!("/api/island/operator-from-badge/{badge}")).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{badge}: {}", r.text);
        assert_eq!(r.body["error"], "This badge is not recognised. Please scan again.");
    }
}

#[tokio::test]
async fn wrong_badges_are_throttled_per_netbook() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    for i in 0..5 {
        let r = p.netbook.get(&format!("/api/island/operator-from-badge/wrong{i}")).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
    }
    // The sixth scan is refused, even a good badge, with the wait.
    let r = p.netbook.get("/api/island/operator-from-badge/1001").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.text);
    assert_eq!(r.headers.get("retry-after").unwrap(), "60");
    assert!(r.body["error"].as_str().unwrap().starts_with("Too many badges were not accepted."), "{}", r.text);
    // Verifications count and are refused too.
    p.read("throttle-read-key").await;
    assert_eq!(p.verify("2001", "throttle-verify").await.status, StatusCode::TOO_MANY_REQUESTS);
    // Another netbook (another session of the kiosk account) is not throttled.
    let other = login(&app, "kiosk@demo.plant").await;
    assert_eq!(other.get("/api/island/operator-from-badge/1001").await.status, StatusCode::OK);
    app.clock.advance_secs(59);
    assert_eq!(p.netbook.get("/api/island/operator-from-badge/1001").await.status, StatusCode::TOO_MANY_REQUESTS);
    app.clock.advance_secs(1);
    assert_eq!(p.netbook.get("/api/island/operator-from-badge/1001").await.status, StatusCode::OK, "a minute later");
    assert_eq!(p.verify("2001", "throttle-verify-2").await.status, StatusCode::OK);
}
