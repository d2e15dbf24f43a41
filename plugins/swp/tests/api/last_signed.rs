//! The kiosk's 'What changed' (decision 79): `GET /api/swps/last-signed/{swpId}/{opId}`
//! answers the revision of the part an operator signed last, signed through the
//! kiosk's own calls, with links that open; only the netbook's operators; only a
//! deployed SWP.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::{approve_all, fetch_link, login, submit, Crew};
use crate::helpers::*;
use crate::island::support::{badged, plant};

async fn last(c: &Client, swp: &str, op: &str) -> Value {
    let r = c.get(&format!("/api/swps/last-signed/{swp}/{op}")).await;
    assert_eq!(r.status, StatusCode::OK, "last-signed: {}", r.text);
    r.body["lastSigned"].clone()
}

async fn crew_again(app: &TestApp) -> Crew {
    let eng_id: String = sqlx::query_scalar("SELECT id FROM users WHERE email = 'eng@demo.plant'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    Crew {
        eng: login(app, "eng@demo.plant").await,
        eng_id,
        process: login(app, "rev.process@demo.plant").await,
        quality: login(app, "rev.quality@demo.plant").await,
        production: login(app, "rev.production@demo.plant").await,
    }
}

#[tokio::test]
async fn swp_last_signed_names_the_revision_an_operator_signed_last() {
    let app = spawn().await;
    let p = plant(&app, "LAST-1").await;
    let rev0 = p.swp_id.clone();
    assert_eq!(last(&p.netbook, &rev0, &p.op).await, Value::Null, "nothing signed yet");
    p.signed("r0").await;
    let signed = last(&p.netbook, &rev0, &p.op).await;
    assert_eq!(
        (signed["_id"].as_str(), signed["revision"].as_i64(), signed["status"].as_str()),
        (Some(rev0.as_str()), Some(0), Some("deployed"))
    );
    assert!(signed["signedAt"].as_str().unwrap().ends_with('Z'));

    // A new revision: the operator's last signature is the obsolete one, with links that open.
    let crew = crew_again(&app).await;
    let rev1 =
        submit(&crew.eng, "LAST-1", json!({"newRelease": false, "changes": "Torque 12 Nm"})).await;
    approve_all(&crew, &rev1).await;
    let signed = last(&p.netbook, &rev1, &p.op).await;
    assert_eq!(
        (signed["_id"].as_str(), signed["revision"].as_i64(), signed["status"].as_str()),
        (Some(rev0.as_str()), Some(0), Some("obsolete"))
    );
    for section in ["swc", "jes", "vis"] {
        let (status, body, ct) = fetch_link(&app, signed["urls"][section].as_str().unwrap()).await;
        assert_eq!((status, ct.as_str()), (StatusCode::OK, "application/pdf"), "{section}");
        assert!(body.starts_with(b"%PDF"));
    }
    // Another operator of the netbook who never signed the part: none.
    let other = badged(&app, "op1002@demo.plant", "operator", "production", "mpk", "1002").await;
    assert_eq!(last(&p.netbook, &rev1, &other).await, Value::Null);
    // Once the new revision is signed, it is the last.
    let read = p
        .netbook
        .post(
            "/api/island/operator-read-swp",
            &json!({"opId": p.op, "swpId": rev1, "key": "read-r1-key"}),
        )
        .await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text);
    let signed = last(&p.netbook, &rev1, &p.op).await;
    assert_eq!(
        (signed["_id"].as_str(), signed["revision"].as_i64()),
        (Some(rev1.as_str()), Some(1))
    );

    // Refusals: an obsolete SWP (404), someone not an operator of the netbook's company
    // (a supervisor, another company's person, an unknown id: 403), a console session.
    assert_eq!(
        p.netbook.get(&format!("/api/swps/last-signed/{rev0}/{}", p.op)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        p.netbook.get(&format!("/api/swps/last-signed/nope/{}", p.op)).await.status,
        StatusCode::NOT_FOUND
    );
    let elsewhere =
        badged(&app, "op9002@other.plant", "operator", "production", "umw", "9002").await;
    for who in [p.sup.as_str(), elsewhere.as_str(), "nobody"] {
        let r = p.netbook.get(&format!("/api/swps/last-signed/{rev1}/{who}")).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{who}: {}", r.text);
        assert!(r.body["error"].as_str().unwrap().contains("not recognised"));
    }
    assert_eq!(
        crew.eng.get(&format!("/api/swps/last-signed/{rev1}/{}", p.op)).await.status,
        StatusCode::FORBIDDEN
    );
}
