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
    // The operator's language: the kiosk speaks it until Sign Out.
    assert_eq!(r.body["lang"], "en");
    sqlx::query("UPDATE users SET lang = 'es' WHERE id = $1")
        .bind(p.op.as_str())
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(p.netbook.get("/api/island/operator-from-badge/1001").await.body["lang"], "es");
    for badge in ["9001", "nobody", "%20"] {
        let r = p.netbook.get(&format!("/api/island/operator-from-badge/{badge}")).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{badge}: {}", r.text);
        assert_eq!(r.body["error"], "This badge is not recognised. Please scan again.");
    }
}

/// A scan that must wait: 429 with the seconds left, in the header and the text.
fn waits(r: &Resp, secs: u32) {
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.text);
    assert_eq!(r.headers.get("retry-after").unwrap(), &secs.to_string(), "{}", r.text);
    let unit = if secs == 1 { "second" } else { "seconds" };
    assert_eq!(r.body["error"], format!("A badge was not accepted just before. Please wait {secs} {unit}: the badge is checked then."));
}

/// Five wrong badges of the netbook, each answered at once (the free ones).
async fn five_misses(c: &Client, tag: &str) {
    for i in 0..5 {
        assert_eq!(
            c.get(&format!("/api/island/operator-from-badge/{tag}{i}")).await.status,
            StatusCode::FORBIDDEN
        );
    }
}

#[tokio::test]
async fn past_five_wrong_badges_each_delays_the_next_lookup_a_little_more() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let good = "/api/island/operator-from-badge/1001";
    // Misreads: the first five cost nothing, a good badge is answered at once.
    five_misses(&p.netbook, "wrong").await;
    assert_eq!(p.netbook.get(good).await.status, StatusCode::OK, "no block after five misreads");
    // The sixth miss: the next lookup waits a second (not a minute), then is answered.
    assert_eq!(
        p.netbook.get("/api/island/operator-from-badge/wrong5").await.status,
        StatusCode::FORBIDDEN
    );
    waits(&p.netbook.get(good).await, 1);
    app.clock.advance_secs(1);
    assert_eq!(
        p.netbook.get(good).await.status,
        StatusCode::OK,
        "a known badge is answered once the wait is over"
    );
    // A known badge does not reset the count: the delay keeps growing, 2, 4, 8, 12 s.
    for (i, secs) in [(6, 2), (7, 4), (8, 8), (9, 12), (10, 12)] {
        assert_eq!(
            p.netbook.get(&format!("/api/island/operator-from-badge/wrong{i}")).await.status,
            StatusCode::FORBIDDEN
        );
        waits(&p.netbook.get(good).await, secs);
        app.clock.advance_secs(i64::from(secs) - 1);
        waits(&p.netbook.get(good).await, 1);
        app.clock.advance_secs(1);
    }
    // Verifications are slowed the same way, then answered.
    assert_eq!(p.read("throttle-read-key").await.status, StatusCode::OK);
    assert_eq!(
        p.netbook.get("/api/island/operator-from-badge/wrong11").await.status,
        StatusCode::FORBIDDEN
    );
    waits(&p.verify("2001", "throttle-verify").await, 12);
    // Another session of the kiosk account at the same address (a new sign-in) shares
    // the count.
    for _ in 0..3 {
        let again = login(&app, "kiosk@demo.plant").await;
        assert_eq!(again.get(good).await.status, StatusCode::TOO_MANY_REQUESTS, "survives sign-in");
    }
    // The same account on another netbook (another address) has its own count.
    let other = app.client_from("127.0.0.2");
    assert_eq!(
        other
            .post(
                "/api/users/login",
                &serde_json::json!({"email": "kiosk@demo.plant", "password": PASSWORD})
            )
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(other.get(good).await.status, StatusCode::OK);
    app.clock.advance_secs(12);
    assert_eq!(p.verify("2001", "throttle-verify-2").await.status, StatusCode::OK);
    assert_eq!(p.netbook.get(good).await.status, StatusCode::OK);
    // Ten quiet minutes forget the misses: five are free again.
    app.clock.advance_secs(600);
    five_misses(&p.netbook, "again").await;
    assert_eq!(p.netbook.get(good).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_kiosk_account_is_slowed_over_all_its_addresses() {
    let app = spawn_with(&[("modules.island.account_badge_failures_per_minute", "8")]).await;
    let p = plant(&app, "7101-0001").await;
    let mut netbooks = vec![p.netbook.clone()];
    for addr in ["127.0.0.2", "127.0.0.3"] {
        let c = app.client_from(addr);
        assert_eq!(
            c.post(
                "/api/users/login",
                &serde_json::json!({"email": "kiosk@demo.plant", "password": PASSWORD})
            )
            .await
            .status,
            StatusCode::OK
        );
        netbooks.push(c);
    }
    // Five wrong badges at one address and four at another: none past its address's five,
    // but nine, past the account's eight.
    five_misses(&netbooks[0], "a").await;
    for i in 0..4 {
        assert_eq!(
            netbooks[1].get(&format!("/api/island/operator-from-badge/b{i}")).await.status,
            StatusCode::FORBIDDEN
        );
    }
    // A third address has no miss of its own, yet waits for the account's (1 s, growing
    // to at most 60 s / 8 = 7.5 s).
    let r = netbooks[2].get("/api/island/operator-from-badge/1001").await;
    waits(&r, 1);
    // Another kiosk account at the same addresses is not affected.
    crate::swp::support::kiosk(&app, "kiosk2@demo.plant", "mpk", &["A1"]).await;
    let second = login(&app, "kiosk2@demo.plant").await;
    assert_eq!(second.get("/api/island/operator-from-badge/1001").await.status, StatusCode::OK);
    app.clock.advance_secs(1);
    assert_eq!(
        netbooks[2].get("/api/island/operator-from-badge/1001").await.status,
        StatusCode::OK
    );
}
