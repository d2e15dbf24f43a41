//! Offline signatures on sync (decision 121): recorded with the kiosk's time and the sync
//! time, a revision superseded during the outage signed as read of that revision (the
//! new one's obligation stays open), the kiosk's time checked, sealed PINs (right, wrong:
//! refused, audited and told; sealed for another request; a one-time PIN replaced with
//! the act, decision 125), and the audit chain after.
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

pub(super) const HOUR: i64 = 3_600_000;

/// The offline form of operator-read-swp.
pub(super) fn offline_read(p: &Plant, swp_id: &str, key: &str, kiosk_time: i64) -> Value {
    json!({"opId": p.op, "swpId": swp_id, "key": key, "offline": true, "kioskTime": kiosk_time})
}

async fn times(app: &TestApp, id: &str) -> (i64, Option<i64>, Option<i64>, Option<i64>) {
    sqlx::query_as(
        "SELECT signed_at, received_at, verified_at, verify_received_at FROM acknowledgements WHERE id = $1",
    )
    .bind(id)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap()
}

async fn audit_after(app: &TestApp, action: &str) -> Vec<Value> {
    let rows: Vec<String> = sqlx::query_scalar(&format!(
        "SELECT COALESCE(after_json, 'null') FROM audit_log WHERE action = '{action}' ORDER BY seq"
    ))
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    rows.iter().map(|r| serde_json::from_str(r).unwrap()).collect()
}

fn chain_holds(verdict: plantdoc_core::audit::Verdict) {
    assert!(matches!(verdict, plantdoc_core::audit::Verdict::Ok { .. }), "{verdict:?}");
}

#[tokio::test]
async fn an_offline_read_and_verification_keep_the_kiosk_time_and_the_sync_time() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let now = app.state.now_ms();
    let (read_at, verify_at) = (now - 2 * HOUR, now - 2 * HOUR + 60_000);
    let body = offline_read(&p, &p.swp_id, "offline-read-0001", read_at);
    let r = p.netbook.post("/api/island/operator-read-swp", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let id = r.body["recordId"].as_str().unwrap().to_string();
    assert_eq!(
        p.netbook.post("/api/island/operator-read-swp", &body).await.body,
        r.body,
        "a resend answers the same"
    );
    let v = json!({"badgeNo": "2001", "opId": p.op, "swpId": p.swp_id, "key": "offline-verify-01", "offline": true, "kioskTime": verify_at});
    let r = p.netbook.post("/api/island/verify-swp", &v).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let (signed, received, verified, verify_received) = times(&app, &id).await;
    assert_eq!((signed, verified), (read_at, Some(verify_at)), "the kiosk's times");
    assert!(received.unwrap() >= now && verify_received.unwrap() >= now, "the sync times");
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM acknowledgements").await, 1);
    let sign = audit_after(&app, "island.sign").await;
    assert_eq!(
        (sign[0]["offline"].as_bool(), sign[0]["kioskTime"].as_str()),
        (Some(true), Some(plantdoc_core::clock::iso(read_at).as_str()))
    );
    assert!(sign[0]["receivedAt"].is_string());
    assert_eq!(audit_after(&app, "island.verify").await[0]["offline"], true);
    // The sign history shows both times; a record made online keeps the spec's object.
    let h = history(&p.netbook, &p.swp_id).await;
    assert_eq!(h[0]["offline"], true, "{h:?}");
    assert_eq!(
        h[0]["dateSigned"]["date"].as_str().map(|d| &d[..19]),
        Some(&plantdoc_core::clock::iso(read_at)[..19])
    );
    assert!(
        h[0]["dateReceived"]["date"].is_string() && h[0]["dateVerifyReceived"]["date"].is_string(),
        "{h:?}"
    );
    // Read 2 h ago, verified: the status counts it from the kiosk's time.
    let st = p.status().await;
    assert_eq!(
        (st["swpRead"].as_bool(), st["signedAt"].as_str()),
        (Some(true), Some(plantdoc_core::clock::iso(read_at).as_str()))
    );
    // Without `offline` the spec's call is unchanged: a kioskTime alone is ignored.
    let online =
        json!({"opId": p.op, "swpId": p.swp_id, "key": "online-read-0001", "kioskTime": 1});
    let r = p.netbook.post("/api/island/operator-read-swp", &online).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let online_id = r.body["recordId"].as_str().unwrap().to_string();
    let (signed, received, _, _) = times(&app, &online_id).await;
    assert!(signed >= now && received.is_none());
    let h = history(&p.netbook, &p.swp_id).await;
    let online = h.iter().find(|r| r["_id"] == online_id.as_str()).expect("the online record");
    assert!(online.get("offline").is_none() && online.get("dateReceived").is_none(), "{online}");
    chain_holds(plantdoc_core::audit::verify(&app.state.db).await.unwrap());
}

#[tokio::test]
async fn the_kiosk_time_is_required_and_checked() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let now = app.state.now_ms();
    let post = |body: Value| {
        let netbook = p.netbook.clone();
        async move { netbook.post("/api/island/operator-read-swp", &body).await }
    };
    let field = |r: &Resp, name: &str| {
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
        assert!(r.body[name].is_string(), "{name}: {}", r.text);
    };
    field(
        &post(offline_read(&p, &p.swp_id, "future-key-01", now + 10 * 60_000)).await,
        "kioskTime",
    );
    field(&post(offline_read(&p, &p.swp_id, "too-old-key-01", now - 37 * HOUR)).await, "kioskTime");
    let mut no_time = offline_read(&p, &p.swp_id, "no-time-key-01", now);
    no_time.as_object_mut().unwrap().remove("kioskTime");
    field(&post(no_time).await, "kioskTime");
    let mut no_key = offline_read(&p, &p.swp_id, "x", now);
    no_key.as_object_mut().unwrap().remove("key");
    field(&post(no_key).await, "key");
    // Within the limits (4 min ahead, 35 h old): recorded.
    assert_eq!(
        post(offline_read(&p, &p.swp_id, "ahead-key-001", now + 4 * 60_000)).await.status,
        StatusCode::OK
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM acknowledgements").await, 1);
}

#[tokio::test]
async fn a_revision_superseded_during_the_outage_is_kept_as_read_and_the_new_one_stays_open() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let old_hash: String = sqlx::query_scalar("SELECT content_hash FROM swps WHERE id = $1")
        .bind(&p.swp_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    app.clock.advance_secs(3600);
    let read_at = app.state.now_ms();
    app.clock.advance_secs(3600);
    let crew = plant_crew(&app).await;
    let new_id = crate::swp::support::deployed(&crew, &p.part_number, json!({})).await;
    assert_ne!(new_id, p.swp_id);
    // Online, the superseded revision cannot be signed (the spec's behaviour).
    assert_eq!(p.read("online-old-read").await.status, StatusCode::NOT_FOUND);
    // Offline, read while it was in force: kept as read of that revision.
    let r = p
        .netbook
        .post(
            "/api/island/operator-read-swp",
            &offline_read(&p, &p.swp_id, "offline-old-read", read_at),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["versionHash"], old_hash.as_str());
    let v = json!({"badgeNo": "2001", "opId": p.op, "swpId": p.swp_id, "key": "offline-old-verify", "offline": true, "kioskTime": read_at + 1});
    let r = p.netbook.post("/api/island/verify-swp", &v).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // The new revision's obligation is open: not read, nothing awaiting verification.
    let st = p.netbook.get(&format!("/api/island/operator-status/{}/{new_id}", p.op)).await;
    assert_eq!(
        (st.body["swpRead"].as_bool(), st.body["awaitingVerification"].as_bool()),
        (Some(false), Some(false)),
        "{}",
        st.text
    );
    // Read offline after it was superseded: no revision to keep it as read of.
    app.clock.advance_secs(60);
    let later = app.state.now_ms();
    let r = p
        .netbook
        .post(
            "/api/island/operator-read-swp",
            &offline_read(&p, &p.swp_id, "offline-too-late", later),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
    chain_holds(plantdoc_core::audit::verify(&app.state.db).await.unwrap());
}

/// `{"pin", "key"}` sealed to the pack's key as the kiosk does (HPKE base mode).
fn seal(public_key: &str, pin: &str, key: &str) -> String {
    seal_json(public_key, &json!({"pin": pin, "key": key}))
}

pub(super) fn seal_json(public_key: &str, plain: &Value) -> String {
    use hpke::aead::AesGcm128;
    use hpke::kdf::HkdfSha256;
    use hpke::kem::DhP256HkdfSha256;
    use hpke::{Deserializable, Kem, OpModeS, Serializable};
    let pk = <DhP256HkdfSha256 as Kem>::PublicKey::from_bytes(
        &URL_SAFE_NO_PAD.decode(public_key).unwrap(),
    )
    .unwrap();
    let plain = plain.to_string();
    let mut rng = rand_core::UnwrapErr(rand_core::OsRng);
    let (enc, ct) = hpke::single_shot_seal::<AesGcm128, HkdfSha256, DhP256HkdfSha256, _>(
        &OpModeS::Base,
        &pk,
        b"plantdoc pin v1",
        plain.as_bytes(),
        b"",
        &mut rng,
    )
    .unwrap();
    let mut out = enc.to_bytes().to_vec();
    out.extend(ct);
    URL_SAFE_NO_PAD.encode(out)
}

#[tokio::test]
async fn sealed_pins_are_checked_on_sync_and_a_wrong_one_is_refused_audited_and_told() {
    let app = spawn_with(&[
        ("auth.ip_attempts_per_minute", "1000"),
        ("modules.island.signature", "badge+pin"),
    ])
    .await;
    let p = plant(&app, "7101-0001").await;
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    for (email, pin) in [("op1001@demo.plant", "4826"), ("sup2001@demo.plant", "7391")] {
        let u = plantdoc_core::auth::users::find_by_email(&mut conn, email).await.unwrap().unwrap();
        plantdoc_core::auth::pin::set(&app.state, &u, pin, plantdoc_core::auth::pin::SetBy::Cli)
            .await
            .unwrap();
    }
    drop(conn);
    let pack = p.netbook.get("/api/island/offline?zone=A1").await;
    assert_eq!(pack.status, StatusCode::OK, "{}", pack.text);
    let key = &pack.body["pinKey"];
    assert_eq!(
        (key["kem"].as_str(), key["aead"].as_str()),
        (Some("DHKEM(P-256, HKDF-SHA256)"), Some("AES-128-GCM"))
    );
    let public = key["publicKey"].as_str().unwrap().to_string();
    assert_eq!(URL_SAFE_NO_PAD.decode(&public).unwrap().len(), 65, "an uncompressed P-256 point");
    let at = app.state.now_ms() - HOUR;
    let read = |k: &str, sealed: String| {
        let mut b = offline_read(&p, &p.swp_id, k, at);
        b["sealedPin"] = sealed.into();
        let netbook = p.netbook.clone();
        async move { netbook.post("/api/island/operator-read-swp", &b).await }
    };
    // Sealed for another request: refused, nothing recorded.
    let r = read("sealed-read-0001", seal(&public, "4826", "another-key-01")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(r.body["sealedPin"], "This PIN was entered for another signature.");
    // A wrong PIN: the usual refusal, audited, the zone's supervisors told.
    let r = read("sealed-read-0002", seal(&public, "1111", "sealed-read-0002")).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM acknowledgements").await, 0);
    let refused = audit_after(&app, "island.offline-refused").await;
    assert_eq!(refused.len(), 2, "both refusals audited: {refused:?}");
    assert_eq!(refused[1]["operator"], p.op.as_str());
    let told: Vec<String> = sqlx::query_scalar(
        "SELECT n.user_id FROM notifications n JOIN events e ON e.seq = n.event_seq WHERE e.kind = 'island.offline-refused'",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert!(told.contains(&p.sup), "the zone's supervisor is told: {told:?}");
    // The right PIN, sealed for this request: recorded in badge+pin mode.
    let r = read("sealed-read-0003", seal(&public, "4826", "sealed-read-0003")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let v = json!({"badgeNo": "2001", "opId": p.op, "swpId": p.swp_id, "key": "sealed-verify-01", "offline": true, "kioskTime": at + 1,
        "sealedPin": seal(&public, "7391", "sealed-verify-01")});
    let r = p.netbook.post("/api/island/verify-swp", &v).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let modes: (String, Option<String>) =
        sqlx::query_as("SELECT sign_mode, verify_mode FROM acknowledgements")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(modes, ("badge+pin".to_string(), Some("badge+pin".to_string())));
    chain_holds(plantdoc_core::audit::verify(&app.state.db).await.unwrap());
}

/// A one-time PIN as a manager issues it (hashed, `one_time`); the person's id.
pub(super) async fn one_time_pin(app: &TestApp, email: &str, pin: &str) -> String {
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let u = plantdoc_core::auth::users::find_by_email(&mut conn, email).await.unwrap().unwrap();
    let hash = plantdoc_core::auth::password::hash(&app.state, pin).await.unwrap();
    let now = app.state.now_ms();
    plantdoc_core::auth::pin::store(&mut conn, &u.id, &hash, true, "test", now).await.unwrap();
    u.id
}

/// Whether `id`'s PIN is `pin` and whether it is still one-time.
pub(super) async fn pin_of(app: &TestApp, id: &str, pin: &str) -> (bool, bool) {
    let s = plantdoc_core::auth::pin::stored(&app.state, id).await.unwrap().unwrap();
    (plantdoc_core::auth::pin::matches(&app.state, pin, &s).await.unwrap(), s.one_time)
}

/// A badge+pin plant whose operator 1001 and team lead 2001 hold one-time PINs (482913,
/// 582914, as a manager issues them), the netbook's pack, and a kiosk time an hour ago.
pub(super) struct OneTime {
    pub app: TestApp,
    pub p: Plant,
    pub op: String,
    pub sup: String,
    pub pack: Resp,
    pub at: i64,
}

impl OneTime {
    pub(super) async fn new() -> Self {
        let app = spawn_with(&[
            ("auth.ip_attempts_per_minute", "1000"),
            ("modules.island.signature", "badge+pin"),
        ])
        .await;
        let p = plant(&app, "7101-0001").await;
        let op = one_time_pin(&app, "op1001@demo.plant", "482913").await;
        let sup = one_time_pin(&app, "sup2001@demo.plant", "582914").await;
        let pack = p.netbook.get("/api/island/offline?zone=A1").await;
        let at = app.state.now_ms() - HOUR;
        Self { app, p, op, sup, pack, at }
    }

    /// `body` sent to `path` with `sealed` sealed for its key to the pack's PIN key.
    pub(super) async fn post(&self, path: &str, mut body: Value, mut sealed: Value) -> Resp {
        let public = self.pack.body["pinKey"]["publicKey"].as_str().unwrap();
        sealed["key"] = body["key"].clone();
        body["sealedPin"] = seal_json(public, &sealed).into();
        self.p.netbook.post(path, &body).await
    }

    /// The team lead's (badge 2001) offline verification of the operator's read.
    pub(super) fn verify(&self, key: &str, t: i64) -> Value {
        json!({"badgeNo": "2001", "opId": self.p.op, "swpId": self.p.swp_id, "key": key, "offline": true, "kioskTime": t})
    }
}

#[tokio::test]
async fn a_one_time_pin_is_replaced_offline_with_the_act_and_a_wrong_or_stale_one_is_refused() {
    let s = OneTime::new().await;
    let (app, p, op, sup, pack, at) = (&s.app, &s.p, &s.op, &s.sup, &s.pack, s.at);
    let flags: Vec<(String, bool)> = pack.body["operators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["_id"].as_str().unwrap().into(), o["mustReplacePin"].as_bool().unwrap()))
        .collect();
    assert!(flags.contains(&(op.clone(), true)) && flags.contains(&(sup.clone(), true)));
    assert!(flags.iter().filter(|f| f.1).count() == 2, "{flags:?}");
    assert!(!pack.text.contains("argon2"), "no PIN hash in the pack");
    let post = |path, body, sealed| s.post(path, body, sealed);
    let set_rows = |id: &str| {
        format!("SELECT COUNT(*) FROM audit_log WHERE action = 'auth.pin_set' AND target = 'user:{id}' AND actor_id = '{id}'")
    };
    // The operator's one-time PIN and their own, sealed together: replaced with the read.
    let read = offline_read(p, &p.swp_id, "one-time-read-01", at);
    let r =
        post("/api/island/operator-read-swp", read, json!({"pin": "482913", "newPin": "61427"}))
            .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(pin_of(app, op, "61427").await, (true, false));
    assert_eq!(scalar(app, &set_rows(op)).await, 1, "audited as set by its owner");
    let verify = |key: &str, t: i64| s.verify(key, t);
    // A wrong one-time PIN: refused as any wrong PIN, audited; still one-time.
    let sealed = json!({"pin": "111111", "newPin": "70315"});
    let r = post("/api/island/verify-swp", verify("one-time-verify-1", at + 1), sealed).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert_eq!(pin_of(app, sup, "582914").await, (true, true));
    // Replaced online meanwhile (39571): the one-time PIN sealed offline is refused too.
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let u =
        plantdoc_core::auth::users::find_by_email(&mut conn, "sup2001@demo.plant").await.unwrap();
    drop(conn);
    let owner = plantdoc_core::auth::pin::SetBy::Owner;
    plantdoc_core::auth::pin::set(&app.state, &u.unwrap(), "39571", owner).await.unwrap();
    let sealed = json!({"pin": "582914", "newPin": "70315"});
    let r = post("/api/island/verify-swp", verify("one-time-verify-2", at + 2), sealed).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert_eq!(pin_of(app, sup, "39571").await, (true, false), "the PIN set online stays");
    assert_eq!(audit_after(app, "island.offline-refused").await.len(), 2);
    let verified = "SELECT COUNT(*) FROM acknowledgements WHERE verified_at IS NOT NULL";
    assert_eq!(scalar(app, verified).await, 0, "the obligation stays open");
    // Their own PINs sign what follows: the verification, the operator's next read.
    let sealed = json!({"pin": "39571"});
    let r = post("/api/island/verify-swp", verify("one-time-verify-3", at + 3), sealed).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let read = offline_read(p, &p.swp_id, "one-time-read-02", at + 4);
    let r = post("/api/island/operator-read-swp", read, json!({"pin": "61427"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let modes = "SELECT COUNT(*) FROM acknowledgements WHERE sign_mode = 'badge+pin'";
    assert_eq!(scalar(app, modes).await, 2);
    assert_eq!(scalar(app, &set_rows(op)).await, 1, "replaced once");
    chain_holds(plantdoc_core::audit::verify(&app.state.db).await.unwrap());
}
