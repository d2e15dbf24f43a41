//! SWP reads: part search, Browse paging and sorting, lists, viewer and kiosk calls,
//! sign records and the island's histories (90 days on the injected clock).
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

pub(super) fn parts(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s["partNumber"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn swp_part_search_and_browse_pages() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let (other_eng, _) = person(&app, "eng2@demo.plant", "engineer", "process").await;
    let other_id: String =
        sqlx::query_scalar("SELECT id FROM users WHERE email = 'eng2@demo.plant'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let mut all = Vec::new();
    for i in 0..12 {
        app.clock.advance_secs(60);
        let part = format!("71{:02}-{}", i, if i % 2 == 0 { "A" } else { "B" });
        let extra = if i % 3 == 0 { json!({"onBehalfOf": other_id}) } else { json!({}) };
        all.push((part.clone(), deployed(&crew, &part, extra).await));
    }
    // Part 7100-A twice: the suggestion is its one deployed SWP, the newer one.
    app.clock.advance_secs(60);
    let newer = deployed(&crew, "7100-A", json!({"newRelease": false, "changes": "v2"})).await;
    submit(&crew.eng, "7199-PENDING", json!({})).await;
    let r = crew.eng.get("/api/swps/deployed-swp-part-numbers?searchTerm=71&limit=10").await;
    assert_eq!(r.status, StatusCode::OK);
    let list = r.body["swpList"].as_array().unwrap();
    assert_eq!(list.len(), 10, "at most the limit");
    // The suggestion names the catalogue part, the same id for every revision.
    let part = part_of(&app, &newer).await;
    assert_eq!(
        part,
        part_of(&app, &all[0].1).await,
        "a part's id does not change with its revisions"
    );
    assert_eq!(list[0], json!({"_id": part, "partNumber": "7100-A"}));
    assert_eq!(parts(&r.body["swpList"])[1], "7101-B");
    let r = other_eng.get("/api/swps/deployed-swp-part-numbers?searchTerm=%207101&limit=50").await;
    assert_eq!(parts(&r.body["swpList"]), vec!["7101-B"], "prefix, trimmed, limit capped at 10");
    for q in ["searchTerm=", "searchTerm=%20%20", "searchTerm=72", "searchTerm=7199"] {
        let r = crew.eng.get(&format!("/api/swps/deployed-swp-part-numbers?{q}&limit=10")).await;
        assert_eq!(r.body, json!({"swpList": []}), "{q}");
    }
    for bad in ["limit=0", "limit=ten", "limit=-3"] {
        let r =
            crew.eng.get(&format!("/api/swps/deployed-swp-part-numbers?searchTerm=71&{bad}")).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(r.body["limit"].is_string());
    }
    let kiosk = kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    assert!(!kiosk.is_empty());
    let k = login(&app, "kiosk@demo.plant").await;
    assert_eq!(
        k.get("/api/swps/deployed-swp-part-numbers?searchTerm=7101&limit=10").await.body["swpList"]
            [0]["partNumber"],
        "7101-B"
    );

    // The Upload form's part field: the whole catalogue of the own company (deployed or
    // not), by prefix; the same limit and term rules.
    for (id, number, company) in [("catp1", "7150-NEW", "mpk"), ("catp2", "7151-OTHER", "xyz")] {
        sqlx::query("INSERT INTO parts (id, part_number, description, company_code, created_at) VALUES ($1, $2, '', $3, 0)")
            .bind(id)
            .bind(number)
            .bind(company)
            .execute(&app.state.db.pool)
            .await
            .unwrap();
    }
    let r = crew.eng.get("/api/swps/catalogue-part-numbers?searchTerm=715&limit=10").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.body,
        json!({"partList": [{"_id": "catp1", "partNumber": "7150-NEW"}]}),
        "own company only"
    );
    let r = crew.eng.get("/api/swps/catalogue-part-numbers?searchTerm=71&limit=50").await;
    assert_eq!(r.body["partList"].as_array().unwrap().len(), 10, "limit capped at 10");
    assert!(
        parts(
            &crew.eng.get("/api/swps/catalogue-part-numbers?searchTerm=7199").await.body
                ["partList"]
        )
        .contains(&"7199-PENDING".to_string()),
        "a pending SWP's part is known"
    );
    assert_eq!(
        crew.eng.get("/api/swps/catalogue-part-numbers?searchTerm=%20").await.body,
        json!({"partList": []})
    );
    assert_eq!(
        crew.eng.get("/api/swps/catalogue-part-numbers?searchTerm=71&limit=0").await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        k.get("/api/swps/catalogue-part-numbers?searchTerm=71").await.status,
        StatusCode::FORBIDDEN,
        "uploaders only"
    );

    // Browse: 12 deployed parts, paged and sorted by every key.
    let get = |q: String| {
        let c = crew.eng.clone();
        async move { c.get(&format!("/api/swps/deployed-swps-paginated?{q}")).await }
    };
    let r = get("page=1&limit=5&sortBy=partNumber&sortOrder=asc".into()).await;
    assert_eq!(r.body["total"], 12);
    assert_eq!(parts(&r.body["results"]), vec!["7100-A", "7101-B", "7102-A", "7103-B", "7104-A"]);
    assert_eq!(r.body["results"][0]["revision"], 1);
    let r = get("page=3&limit=5&sortBy=partNumber&sortOrder=asc".into()).await;
    assert_eq!(parts(&r.body["results"]), vec!["7110-A", "7111-B"]);
    assert_eq!(get("page=4&limit=5".into()).await.body["results"], json!([]));
    let r = get("page=1&limit=3".into()).await;
    assert_eq!(
        parts(&r.body["results"]),
        vec!["7100-A", "7111-B", "7110-A"],
        "default: deployDate descending"
    );
    let r = get("limit=20&sortBy=uploadDate.timestamp&sortOrder=asc".into()).await;
    assert_eq!(parts(&r.body["results"])[..2], ["7101-B", "7102-A"]);
    let r = get("limit=20&sortBy=onBehalfOf.name&sortOrder=desc".into()).await;
    let first: Vec<&Value> = r.body["results"]
        .as_array()
        .unwrap()
        .iter()
        .take(3)
        .map(|s| &s["onBehalfOf"]["name"])
        .collect();
    assert!(first.iter().all(|n| *n == "Test eng2"), "{first:?}");
    assert_eq!(get("sortBy=owner.firstname&sortOrder=asc".into()).await.status, StatusCode::OK);
    let r = get("search=710&sortBy=partNumber&sortOrder=desc".into()).await;
    assert_eq!(r.body["total"], 10);
    assert_eq!(parts(&r.body["results"])[0], "7109-B");
    let r = get("page=0&limit=500&sortBy=owner&sortOrder=up".into()).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let keys: Vec<&String> = r.body.as_object().unwrap().keys().collect();
    assert_eq!(keys, vec!["limit", "page", "sortBy", "sortOrder"]);
    assert!(r.body["sortBy"].as_str().unwrap().contains("deployDate.timestamp"));

    // Other lists.
    assert_eq!(
        crew.eng.get("/api/swps/deployed-swp-list").await.body.as_array().unwrap().len(),
        12
    );
    assert_eq!(
        parts(&crew.eng.get("/api/swps/deployed-swp-list?search=7111").await.body),
        vec!["7111-B"]
    );
    assert_eq!(
        crew.eng.get("/api/swps/user-deployed-swps").await.body.as_array().unwrap().len(),
        12
    );
    assert_eq!(
        other_eng.get("/api/swps/user-deployed-swps").await.body.as_array().unwrap().len(),
        3,
        "on behalf of them"
    );
    assert_eq!(parts(&crew.quality.get("/api/swps/pending-swps").await.body), vec!["7199-PENDING"]);
    assert!(other_eng.get("/api/swps/user-pending-swps").await.body.as_array().unwrap().is_empty());
    let r = crew.eng.get("/api/swps/onBehalfOfUsers").await;
    assert_eq!(r.body, json!([{"_id": other_id, "firstname": "Test", "lastname": "eng2"}]));
    let _ = all;
}

#[tokio::test]
async fn swp_viewer_kiosk_and_sign_history() {
    // The documents as stored (controlled copies: copies.rs).
    let app = spawn_with(&[("storage.stamp", "false")]).await;
    let crew = crew(&app).await;
    let v1 = deployed(&crew, "K-1", json!({})).await;
    let s1 = sign(&app, &v1, "OP1001", T0 + 1000, true, None).await;
    sign(&app, &v1, "OP1002", T0 + 2000, false, None).await;
    // A record copied onto another version (its hash is not this SWP's) never shows.
    sign(&app, &v1, "OP1003", T0 + 3000, true, Some("0000")).await;
    let r = crew.quality.get(&format!("/api/swps/signed-ops/{v1}")).await;
    let ops = r.body["opList"]["opsSigned"].as_array().unwrap();
    assert_eq!(ops.len(), 2);
    assert_eq!(ops[1]["_id"], s1.as_str());
    assert_eq!(ops[1]["verified"], true);
    assert_eq!(
        ops[1]["op"],
        json!({"_id": "op-OP1001", "fullName": "Operator OP1001", "opNo": "OP1001"})
    );
    assert_eq!(ops[1]["dateSigned"], json!({"date": "2026-01-01T00:00:01.000Z"}));
    assert_eq!(ops[1]["cl"]["fullName"], "Cell Lead");
    assert_eq!(ops[1]["dateVerified"], json!({"date": "2026-01-01T00:01:01.000Z"}));
    assert_eq!(ops[0]["verified"], false);
    assert_eq!(ops[0]["cl"], Value::Null);
    // The console viewer.
    let r = crew.quality.get(&format!("/api/swps/swp/{v1}")).await;
    let swp = &r.body["swp"];
    for k in [
        "_id",
        "partNumber",
        "uploadDate",
        "deployDate",
        "owner",
        "onBehalfOf",
        "zones",
        "revision",
        "changes",
        "newRelease",
        "referenceOnly",
        "approvals",
        "opsSigned",
        "urls",
        "details",
        "status",
    ] {
        assert!(swp.get(k).is_some(), "{k} in {swp}");
    }
    assert_eq!(swp["owner"]["firstname"], "Test");
    assert_eq!(swp["details"]["id"], v1.as_str());
    assert_eq!(swp["opsSigned"].as_array().unwrap().len(), 2);
    let r = crew.quality.get(&format!("/api/swps/signed-urls/{v1}")).await;
    let urls = &r.body["urls"];
    assert_eq!(urls["video"], Value::Null);
    let (status, bytes, ct) = fetch_link(&app, urls["vis"].as_str().unwrap()).await;
    assert_eq!((status, ct.as_str()), (StatusCode::OK, "application/pdf"));
    assert_eq!(page_texts(&bytes), vec!["K-1 VIS page 1"]);
    app.clock.advance_secs(301);
    assert_eq!(
        fetch_link(&app, urls["vis"].as_str().unwrap()).await.0,
        StatusCode::FORBIDDEN,
        "links live 5 minutes"
    );

    // The kiosk: suggestion → deployed part; a newer revision replaces an older id.
    let kiosk = super::support::kiosk(&app, "kiosk@demo.plant", "mpk", &["B2"]).await;
    assert!(!kiosk.is_empty());
    let k = login(&app, "kiosk@demo.plant").await;
    let k1 = part_of(&app, &v1).await;
    let r = k.get(&format!("/api/swps/deployed-swp?partId={k1}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        (r.body["details"]["id"].as_str(), r.body["details"]["_id"].as_str()),
        (Some(v1.as_str()), Some(v1.as_str()))
    );
    assert!(r.body["details"]["urls"]["swc"].is_string());
    assert_eq!(k.get("/api/swps/deployed-swp").await.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        k.get(&format!("/api/swps/swp-with-urls/{v1}")).await.body["swp"]["partNumber"],
        "K-1"
    );
    assert_eq!(
        k.get(&format!("/api/swps/swp/{v1}")).await.status,
        StatusCode::FORBIDDEN,
        "console call"
    );
    app.clock.advance_secs(86_400);
    crew.relogin().await;
    relogin(&k, "kiosk@demo.plant").await;
    let v2 = deployed(&crew, "K-1", json!({"newRelease": false, "changes": "Step 3 moved"})).await;
    sign(&app, &v2, "OP1001", app.clock_now(), true, None).await;
    let r = k.get(&format!("/api/swps/deployed-swp?partId={k1}")).await;
    assert_eq!(r.body["details"]["_id"], v2.as_str());
    assert_eq!(r.body["details"]["changes"], "Step 3 moved");
    // The kiosk's answer (written straight to bytes) is the SWP object a console list
    // builds as a `Value`, its sign record included, plus `id` and its links.
    let mine = crew.eng.get("/api/swps/user-deployed-swps").await.body;
    let mut listed =
        mine.as_array().unwrap().iter().find(|s| s["_id"] == v2.as_str()).expect("listed").clone();
    let mut details = r.body["details"].clone();
    assert_eq!(details.as_object_mut().unwrap().remove("id"), Some(json!(v2)));
    assert!(details.as_object_mut().unwrap().remove("urls").unwrap()["jes"].is_string());
    listed.as_object_mut().unwrap().remove("urls");
    assert_eq!(details, listed);
    assert_eq!(details["opsSigned"].as_array().map(Vec::len), Some(1), "{details}");
    assert_eq!(
        k.get(&format!("/api/swps/swp-with-urls/{v1}")).await.status,
        StatusCode::NOT_FOUND,
        "superseded"
    );
    let pending = submit(&crew.eng, "K-1", json!({"newRelease": false, "changes": "draft"})).await;
    assert_eq!(
        k.get(&format!("/api/swps/swp-with-urls/{pending}")).await.status,
        StatusCode::NOT_FOUND
    );

    // The island's histories: the current SWP's signatures, and superseded revisions for 90 days.
    let r = k.get(&format!("/api/island/sign-history/{v2}")).await;
    assert_eq!(r.body["opsSigned"].as_array().unwrap().len(), 1);
    assert_eq!(
        k.get(&format!("/api/island/sign-history/{k1}")).await.body,
        r.body,
        "a part id names its deployed SWP"
    );
    assert_eq!(
        k.get(&format!("/api/island/sign-history/{pending}")).await.status,
        StatusCode::NOT_FOUND,
        "a pending SWP has no history"
    );
    assert_eq!(
        k.get("/api/island/obsolete-sign-history/K-1").await.status,
        StatusCode::FORBIDDEN,
        "console only"
    );
    let obsolete_at = app.clock_now();
    for (day, shown) in [(0, true), (89, true), (90, true), (91, false)] {
        let at = obsolete_at + day * 86_400_000;
        app.clock.advance_secs((at - app.clock_now()) / 1000);
        relogin(&crew.quality, "rev.quality@demo.plant").await;
        let r = crew.quality.get("/api/island/obsolete-sign-history/k-1").await;
        assert_eq!(r.status, StatusCode::OK);
        let groups = r.body.as_array().unwrap();
        assert_eq!(groups.len(), usize::from(shown), "day {day}: {}", r.body);
        if shown {
            assert_eq!(groups[0]["createdDate"], "2026-01-01T00:00:00.000Z");
            assert_eq!(
                groups[0]["opsSigned"].as_array().unwrap().len(),
                2,
                "kept after obsolescence"
            );
        }
    }
    let r = crew.quality.get(&format!("/api/island/sign-history/{v1}")).await;
    assert_eq!(r.body["opsSigned"].as_array().unwrap().len(), 2, "the records themselves are kept");
    assert_eq!(
        crew.quality.get("/api/island/sign-history/nope").await.status,
        StatusCode::NOT_FOUND
    );
}

/// The console's Verification History reads are the swp module's: they work with the
/// island module switched off (same paths).
#[tokio::test]
async fn swp_histories_work_without_the_island_module() {
    let app = spawn_with(&[("modules.island.enabled", "false")]).await;
    let crew = crew(&app).await;
    let v1 = deployed(&crew, "NI-1", json!({})).await;
    sign(&app, &v1, "OP1001", T0 + 1000, true, None).await;
    let modules = crew.quality.get("/api/modules").await.body;
    assert!(modules["modules"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["id"] == "island" && m["enabled"] == false));
    let r = crew.quality.get(&format!("/api/island/sign-history/{v1}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["opsSigned"].as_array().unwrap().len(), 1);
    let r = crew.quality.get("/api/island/obsolete-sign-history/NI-1").await;
    assert_eq!((r.status, r.body.clone()), (StatusCode::OK, json!([])));
}
