//! A one-time PIN sealed with an offline act that is refused before its PIN is checked
//! (decision 129): the replacement is still made when the one-time PIN is right, as online,
//! so the holder's next acts, sealed with their new PIN, are taken; a wrong one-time PIN
//! replaces nothing; the act's refusal stands either way.
use reqwest::StatusCode;
use serde_json::json;

use super::offline_sync::{offline_read, pin_of, OneTime};
use crate::helpers::*;

#[tokio::test]
async fn a_one_time_pin_sealed_with_a_refused_offline_act_is_still_replaced() {
    let s = OneTime::new().await;
    let (app, p, op, sup, at) = (&s.app, &s.p, &s.op, &s.sup, s.at);
    let post = |path, body, sealed| s.post(path, body, sealed);
    let verify = |key: &str, t: i64| s.verify(key, t);
    // The team lead's first act is refused before any PIN (nothing read yet to verify), its
    // wrong one-time PIN replaces nothing.
    let wrong = json!({"pin": "111111", "newPin": "70315"});
    let r = post("/api/island/verify-swp", verify("refused-verify-1", at), wrong).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
    assert_eq!(pin_of(app, sup, "582914").await, (true, true));
    // The right one-time PIN with a refused act: the refusal stands, the PIN is replaced.
    let right = json!({"pin": "582914", "newPin": "70315"});
    let r = post("/api/island/verify-swp", verify("refused-verify-2", at + 1), right).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
    assert_eq!(pin_of(app, sup, "70315").await, (true, false));
    // The operator's read of a revision the netbook never had: refused, PIN replaced.
    let gone = offline_read(p, "no-such-revision", "refused-read-1", at + 2);
    let own = json!({"pin": "482913", "newPin": "61427"});
    let r = post("/api/island/operator-read-swp", gone, own).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
    assert_eq!(pin_of(app, op, "61427").await, (true, false));
    // Their next acts, sealed with the new PINs, are taken.
    let read = offline_read(p, &p.swp_id, "next-read-1", at + 3);
    let r = post("/api/island/operator-read-swp", read, json!({"pin": "61427"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r =
        post("/api/island/verify-swp", verify("next-verify-1", at + 4), json!({"pin": "70315"}))
            .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let verified = "SELECT COUNT(*) FROM acknowledgements WHERE verified_at IS NOT NULL";
    assert_eq!(scalar(app, verified).await, 1);
}
