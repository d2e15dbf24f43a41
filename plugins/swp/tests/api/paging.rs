//! Browse's deep pages seek from remembered page anchors (docs/speed.md): with an anchor
//! every 2 rows, every page of every sort key, order and search is the slice of the
//! whole list that OFFSET paging gives, for a user who sees everything and one who sees
//! part of it, and a write shows on the next request.
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

const KEYS: [&str; 5] = [
    "partNumber",
    "deployDate.timestamp",
    "uploadDate.timestamp",
    "owner.firstname",
    "onBehalfOf.name",
];

fn ids(v: &Value) -> Vec<String> {
    v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["_id"].as_str().unwrap().to_string())
        .collect()
}

/// Every page of `query` with `limit`, one past the end included, against the whole
/// list read in one page (which needs no anchor).
async fn pages_match(c: &Client, query: &str) -> usize {
    let whole = c.get(&format!("/api/swps/deployed-swps-paginated?page=1&limit=100&{query}")).await;
    assert_eq!(whole.status, reqwest::StatusCode::OK, "{}", whole.text);
    let all = ids(&whole.body);
    assert_eq!(whole.body["total"], all.len(), "{query}");
    for limit in [1usize, 2, 3, 5] {
        let mut seen = Vec::new();
        for page in 1..=all.len() / limit + 2 {
            let r = c
                .get(&format!(
                    "/api/swps/deployed-swps-paginated?page={page}&limit={limit}&{query}"
                ))
                .await;
            assert_eq!(r.body["total"], all.len(), "{query} limit {limit} page {page}");
            let got = ids(&r.body);
            assert!(got.len() <= limit);
            seen.extend(got);
        }
        assert_eq!(seen, all, "{query}, limit {limit}");
    }
    all.len()
}

#[tokio::test]
async fn swp_deep_pages_seek_like_offset() {
    let app = spawn_with(&[("modules.swp.page_anchor_rows", "2")]).await;
    let crew = crew(&app).await;
    let (_, other_id) = person(&app, "eng2@demo.plant", "engineer", "process").await;
    add(&app, "narrow@demo.plant", "engineer", "quality", "mpk", &["C3"]).await;
    let narrow = login(&app, "narrow@demo.plant").await;
    // Ties on every name key (same owner, few on-behalf names) and on the upload
    // minute: the id decides, on both sides of an anchor.
    for i in 0..9 {
        if i % 3 != 0 {
            app.clock.advance_secs(60);
        }
        let part = format!("{}{i}-P", if i % 2 == 0 { "71" } else { "72" });
        let mut extra = if i % 3 == 0 { json!({"onBehalfOf": other_id}) } else { json!({}) };
        if i % 4 == 0 {
            extra["zones"] = json!(["A1", "C3"]);
        }
        deployed(&crew, &part, extra).await;
    }
    for key in KEYS {
        for order in ["asc", "desc"] {
            // No term; broad terms (walked on the sort key's index); a narrow one.
            for search in ["", "&search=71", "&search=7", "&search=710"] {
                let q = format!("sortBy={key}&sortOrder={order}{search}");
                let n = pages_match(&crew.eng, &q).await;
                let expect = match search {
                    "&search=71" => 5,
                    "&search=710" => 1,
                    _ => 9,
                };
                assert_eq!(n, expect, "{q}");
                let seen = pages_match(&narrow, &q).await;
                assert!(seen < n || n == 1, "{q}: the narrow user sees part of it");
            }
        }
    }
    // A deploy shows at once on every page (the remembered anchors are void).
    let before = ids(&crew
        .eng
        .get("/api/swps/deployed-swps-paginated?page=3&limit=2&sortBy=partNumber&sortOrder=asc")
        .await
        .body);
    deployed(&crew, "7100-A", json!({})).await;
    let r = crew
        .eng
        .get("/api/swps/deployed-swps-paginated?page=3&limit=2&sortBy=partNumber&sortOrder=asc")
        .await;
    assert_eq!(r.body["total"], 10);
    assert_ne!(ids(&r.body), before);
    pages_match(&crew.eng, "sortBy=partNumber&sortOrder=asc").await;
}
