//! A new revision's translations do not carry over (each is reviewed with the file it
//! translates): the sections and languages the revision it follows serves are its
//! 'not yet translated' list, in review and once deployed, until each is translated.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use super::translations::{add_translation, approve_translation, translation_id};
use crate::helpers::*;

async fn missing(c: &Client, id: &str) -> Value {
    let r = c.get(&format!("/api/swps/{id}/translations/missing")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body
}

fn pairs(v: &Value) -> Vec<(String, String)> {
    let list = v["missing"].as_array().expect("a list");
    list.iter()
        .map(|p| (p["section"].as_str().unwrap().into(), p["lang"].as_str().unwrap().into()))
        .collect()
}

#[tokio::test]
async fn a_new_revision_lists_the_translations_it_does_not_have_yet() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let first = deployed(&crew, "7101-0009", json!({})).await;
    assert_eq!(missing(&crew.eng, &first).await, json!({"from": null, "missing": []}));
    for (section, lang) in [("jes", "es"), ("swc", "pl")] {
        let r = add_translation(&crew.eng, &first, section, lang, &pdf("translated", 1)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        approve_translation(&crew, &translation_id(&r.body["swp"], section, lang, "pending")).await;
    }
    // A proposal still in review is not served: it is not owed by the next revision.
    let r = add_translation(&crew.eng, &first, "vis", "es", &pdf("in review", 1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);

    // Revision 2 in review, sent with its Spanish JES: the Polish SWC is owed, and its
    // reviewers see so.
    let files = file_ids(&crew.eng, "7101-0009").await;
    let es = file_ids(&crew.eng, "7101-0009").await["jes"].clone();
    let extra = json!({"newRelease": false, "changes": "New torque",
        "translations": [{"section": "jes", "lang": "es", "fileIds": es}]});
    let r = crew.eng.post("/api/swps/uploadS3", &payload(files, "7101-0009", extra)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let second = r.body["swp"]["_id"].as_str().unwrap().to_string();
    let m = missing(&crew.quality, &second).await;
    assert_eq!(m["from"], first.as_str());
    assert_eq!(pairs(&m), [("swc".to_string(), "pl".to_string())]);

    // Deployed, it still owes the Polish SWC (the first revision is now obsolete), until
    // one is proposed for it.
    approve_all(&crew, &second).await;
    let m = missing(&crew.eng, &second).await;
    assert_eq!(
        (m["from"].as_str(), pairs(&m)),
        (Some(first.as_str()), vec![("swc".into(), "pl".into())])
    );
    let r = add_translation(&crew.eng, &second, "swc", "pl", &pdf("PL SWC r2", 1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(pairs(&missing(&crew.eng, &second).await).is_empty(), "in review: no longer owed");

    // Somebody who may not see the SWP learns nothing of it.
    let far = app.signed_in("far@demo.plant", "engineer", "process").await;
    sqlx::query("UPDATE users SET company_code = 'umw' WHERE email = 'far@demo.plant'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    after_out_of_band_write().await;
    let r = far.get(&format!("/api/swps/{second}/translations/missing")).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
}
