//! What an instance remembers of SWP reads (pages, kiosk reads) follows every change made
//! here or elsewhere (decision 35).
use super::lists::parts;
use super::support::*;
use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Browse pages and part searches are remembered while nothing they show changes
/// (decision 37): a write through this instance shows from its answer on; one made
/// elsewhere (here straight in the database) within `session.recheck_ms`.
#[tokio::test]
async fn swp_remembered_pages_follow_changes_made_here_and_elsewhere() {
    // The longest recheck, so that a remembered answer is seen being used.
    let app = spawn_with(&[("session.recheck_ms", "1000")]).await;
    let recheck = std::time::Duration::from_millis(1100);
    let crew = crew(&app).await;
    let a = deployed(&crew, "7300-A", json!({"changes": "first"})).await;
    let b = deployed(&crew, "7301-A", json!({})).await;
    let page = "/api/swps/deployed-swps-paginated?page=1&limit=10&sortBy=partNumber&sortOrder=asc";
    let search = "/api/swps/deployed-swp-part-numbers?searchTerm=73&limit=10";
    let read_at = std::time::Instant::now();
    let first = crew.eng.get(page).await;
    assert_eq!(first.body["total"], 2, "{}", first.text);
    assert_eq!(parts(&crew.eng.get(search).await.body["swpList"]), vec!["7300-A", "7301-A"]);
    // Changed outside this instance: an SWP's row, a sign record, a status.
    sqlx::query("UPDATE swps SET changes = 'changed elsewhere' WHERE id = $1")
        .bind(&a)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sign(&app, &b, "7", app.state.now_ms(), true, None).await;
    sqlx::query("UPDATE swps SET status = 'obsolete' WHERE id = $1")
        .bind(&b)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let again = crew.eng.get(page).await;
    if read_at.elapsed() < std::time::Duration::from_millis(800) {
        assert_eq!(
            again.body, first.body,
            "remembered: the counters were read less than recheck_ms ago"
        );
    }
    // Within recheck_ms, every change shows.
    tokio::time::sleep(recheck).await;
    let now = crew.eng.get(page).await;
    assert_eq!(now.body["total"], 1, "{}", now.text);
    assert_eq!(now.body["results"][0]["changes"], "changed elsewhere", "{}", now.text);
    assert_eq!(parts(&crew.eng.get(search).await.body["swpList"]), vec!["7300-A"]);
    sqlx::query("UPDATE swps SET status = 'deployed' WHERE id = $1")
        .bind(&b)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    tokio::time::sleep(recheck).await;
    let back = crew.eng.get(page).await;
    assert_eq!(back.body["total"], 2, "{}", back.text);
    assert_eq!(
        back.body["results"][1]["opsSigned"].as_array().map(Vec::len),
        Some(1),
        "the sign record made elsewhere: {}",
        back.text
    );
    // Through this instance, a write shows from its answer on (no wait).
    assert!(crew.eng.post("/api/swps/delete-deployed", &json!([a])).await.status.is_success());
    assert_eq!(parts(&crew.eng.get(page).await.body["results"]), vec!["7301-A"]);
    assert_eq!(parts(&crew.eng.get(search).await.body["swpList"]), vec!["7301-A"]);
}

/// The kiosk's SWP reads (deployed-swp, swp-with-urls, sign-history) are kept per kiosk
/// account while nothing they show changes (decision 40): a sign record made elsewhere
/// (here straight in the database) shows within `session.recheck_ms`, a write through
/// this instance from its answer on; links are never sent from an answer older than half
/// their life; another account's answer is its own.
#[tokio::test]
async fn swp_kiosk_reads_are_kept_until_a_change_here_or_elsewhere() {
    let app = spawn_with(&[("session.recheck_ms", "1000")]).await;
    let recheck = std::time::Duration::from_millis(1100);
    let crew = crew(&app).await;
    let id = deployed(&crew, "7400-K", json!({})).await;
    let part = part_of(&app, &id).await;
    kiosk(&app, "kiosk@demo.plant", "mpk", &["B2"]).await;
    kiosk(&app, "kiosk.d3@demo.plant", "mpk", &["D3"]).await;
    let k = login(&app, "kiosk@demo.plant").await;
    let elsewhere = login(&app, "kiosk.d3@demo.plant").await;
    let details = format!("/api/swps/deployed-swp?partId={part}");
    let history = format!("/api/island/sign-history/{part}");
    let with_urls = format!("/api/swps/swp-with-urls/{id}");
    let signs = |v: &Value, at: &str| v.pointer(at).and_then(Value::as_array).map(Vec::len);

    let read_at = std::time::Instant::now();
    let first = k.get(&details).await;
    assert_eq!(signs(&first.body, "/details/opsSigned"), Some(0), "{}", first.text);
    assert_eq!(signs(&k.get(&history).await.body, "/opsSigned"), Some(0));
    assert_eq!(k.get(&with_urls).await.status, StatusCode::OK);
    assert_eq!(
        elsewhere.get(&details).await.status,
        StatusCode::NOT_FOUND,
        "not in the account's zones"
    );
    assert_eq!(elsewhere.get(&history).await.status, StatusCode::NOT_FOUND);

    // Signed elsewhere: kept answers are used until the counter is read again.
    sign(&app, &id, "7", app.clock_now(), true, None).await;
    let again = k.get(&details).await;
    if read_at.elapsed() < std::time::Duration::from_millis(800) {
        assert_eq!(again.body, first.body, "kept: the counters were read less than recheck_ms ago");
    }
    tokio::time::sleep(recheck).await;
    let now = k.get(&details).await;
    assert_eq!(signs(&now.body, "/details/opsSigned"), Some(1), "{}", now.text);
    assert_eq!(signs(&k.get(&history).await.body, "/opsSigned"), Some(1));
    assert_eq!(signs(&k.get(&with_urls).await.body, "/swp/opsSigned"), Some(1));

    // Half the links' life later (app clock), the answer is made again with new links.
    let link = now.body["details"]["urls"]["swc"].as_str().unwrap().to_string();
    app.clock.advance_secs(150);
    relogin(&k, "kiosk@demo.plant").await;
    let later = k.get(&details).await;
    let fresh = later.body["details"]["urls"]["swc"].as_str().unwrap();
    assert_ne!(fresh, link, "links made again");
    app.clock.advance_secs(149);
    assert_eq!(fetch_link(&app, fresh).await.0, StatusCode::OK, "a link sent lives its whole life");

    // Removed through this instance: gone from its answer on.
    assert!(crew.eng.post("/api/swps/delete-deployed", &json!([id])).await.status.is_success());
    assert_eq!(k.get(&details).await.status, StatusCode::NOT_FOUND);
    assert_eq!(k.get(&history).await.status, StatusCode::NOT_FOUND);
    assert_eq!(k.get(&with_urls).await.status, StatusCode::NOT_FOUND);
}
