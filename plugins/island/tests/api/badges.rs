//! Badge scans: who a badge is (the netbook's company only) and wrong badges throttled
//! per kiosk account and client address, and per account over its addresses, on the
//! injected clock.
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
async fn wrong_badges_are_throttled_per_kiosk_account_and_address() {
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
    // Another session of the kiosk account at the same address (a new sign-in, or eight of
    // them) shares the count.
    for _ in 0..3 {
        let again = login(&app, "kiosk@demo.plant").await;
        assert_eq!(again.get("/api/island/operator-from-badge/1001").await.status, StatusCode::TOO_MANY_REQUESTS, "survives sign-in");
    }
    // The same account on another netbook (another address) has its own count.
    let other = app.client_from("127.0.0.2");
    assert_eq!(other.post("/api/users/login", &serde_json::json!({"email": "kiosk@demo.plant", "password": PASSWORD})).await.status, StatusCode::OK);
    assert_eq!(other.get("/api/island/operator-from-badge/1001").await.status, StatusCode::OK);
    app.clock.advance_secs(59);
    assert_eq!(p.netbook.get("/api/island/operator-from-badge/1001").await.status, StatusCode::TOO_MANY_REQUESTS);
    app.clock.advance_secs(1);
    assert_eq!(p.netbook.get("/api/island/operator-from-badge/1001").await.status, StatusCode::OK, "a minute later");
    assert_eq!(p.verify("2001", "throttle-verify-2").await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_kiosk_account_is_capped_over_all_its_addresses() {
    let app = spawn_with(&[("modules.island.account_badge_failures_per_minute", "8")]).await;
    let p = plant(&app, "7101-0001").await;
    let mut netbooks = vec![p.netbook.clone()];
    for addr in ["127.0.0.2", "127.0.0.3"] {
        let c = app.client_from(addr);
        assert_eq!(c.post("/api/users/login", &serde_json::json!({"email": "kiosk@demo.plant", "password": PASSWORD})).await.status, StatusCode::OK);
        netbooks.push(c);
    }
    // Four wrong badges at each of two addresses: eight for the account.
    for (n, c) in netbooks[..2].iter().enumerate() {
        for i in 0..4 {
            assert_eq!(c.get(&format!("/api/island/operator-from-badge/wrong{n}{i}")).await.status, StatusCode::FORBIDDEN);
        }
    }
    let r = netbooks[2].get("/api/island/operator-from-badge/1001").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "a third address of the account: {}", r.text);
    // Another kiosk account at the same addresses is not affected.
    crate::swp::support::kiosk(&app, "kiosk2@demo.plant", "mpk", &["A1"]).await;
    let second = login(&app, "kiosk2@demo.plant").await;
    assert_eq!(second.get("/api/island/operator-from-badge/1001").await.status, StatusCode::OK);
    app.clock.advance_secs(60);
    assert_eq!(netbooks[2].get("/api/island/operator-from-badge/1001").await.status, StatusCode::OK);
}
