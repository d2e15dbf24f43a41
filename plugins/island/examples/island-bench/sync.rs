//! Back online (decision 121): a kiosk's queue of 500 offline signatures sent in order, one
//! at a time, as the kiosk does (each read then its verification, 250 reads, each act
//! with its key and kiosk time; in badge+pin mode each PIN sealed to the pack's key,
//! sealed beforehand as the kiosk seals it when the act is made). Prints the total time
//! next to the floor's (500 bare primary-key lookups one at a time) and the target (< 60
//! s). `PLANTDOC__MODULES__ISLAND__SIGNATURE=badge+pin` runs the badge+pin mode.
use std::time::Instant;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use plantdoc_core::auth::users::UserInput;
use plantdoc_core::AppState;
use serde_json::{json, Value};

use crate::{load, PASSWORD};

const ACTS: usize = 500;
const PIN: &str = "4826";

fn seal(public_key: &str, key: &str) -> anyhow::Result<String> {
    use hpke::aead::AesGcm128;
    use hpke::kdf::HkdfSha256;
    use hpke::kem::DhP256HkdfSha256;
    use hpke::{Deserializable, Kem, OpModeS, Serializable};
    let pk = <DhP256HkdfSha256 as Kem>::PublicKey::from_bytes(&URL_SAFE_NO_PAD.decode(public_key)?)
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let plain = json!({"pin": PIN, "key": key}).to_string();
    let mut rng = rand_core::UnwrapErr(rand_core::OsRng);
    let (enc, ct) = hpke::single_shot_seal::<AesGcm128, HkdfSha256, DhP256HkdfSha256, _>(
        &OpModeS::Base,
        &pk,
        b"plantdoc pin v1",
        plain.as_bytes(),
        b"",
        &mut rng,
    )
    .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let mut out = enc.to_bytes().to_vec();
    out.extend(ct);
    Ok(URL_SAFE_NO_PAD.encode(out))
}

/// The verifier (a supervisor with a badge) and, in badge+pin, everyone's PIN.
async fn people(state: &AppState, ops: usize, pins: bool) -> anyhow::Result<()> {
    let sup = UserInput {
        firstname: "Shift".into(),
        lastname: "Verifier".into(),
        email: "verifier@bench.plant".into(),
        company_code: "mpk".into(),
        position: "supervisor".into(),
        department: "production".into(),
        zones: state.zones.codes("mpk"),
        badge: Some("V0001".into()),
        op_no: Some("V0001".into()),
        kiosk: None,
        plant_admin: None,
        lang: None,
        temporary: None,
    };
    let id = plantdoc_core::seed::add_user(state, sup, PASSWORD, false, "bench")
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    if !pins {
        return Ok(());
    }
    let ids = (0..ops).map(|i| format!("op{i}")).chain([id]);
    for id in ids {
        let mut conn = state.db.pool.acquire().await?;
        let u = plantdoc_core::auth::users::find_by_id(&mut conn, &id).await?;
        let u = u.ok_or_else(|| anyhow::anyhow!("no {id}"))?;
        drop(conn);
        plantdoc_core::auth::pin::set(state, &u, PIN, plantdoc_core::auth::pin::SetBy::Cli)
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    }
    Ok(())
}

pub async fn bench(
    state: &AppState,
    http: &reqwest::Client,
    (base, bare_base): (&str, &str),
    kiosk: &load::Session,
    deployed: &[String],
    n_ops: usize,
) -> anyhow::Result<()> {
    let get = |path: String| async move {
        let r = http.get(format!("{base}{path}")).header("cookie", &kiosk.cookie).send().await?;
        anyhow::Ok(r.json::<Value>().await?)
    };
    let mode = get("/api/island/kiosk-config".into()).await?["signature"]
        .as_str()
        .unwrap_or("badge")
        .to_string();
    let pins = mode == "badge+pin";
    let ops = ACTS / 2;
    people(state, ops.min(n_ops), pins).await?;
    let zone = state.zones.codes("mpk").first().cloned().unwrap_or_default();
    let pack = get(format!("/api/island/offline?zone={zone}")).await?;
    let public = pack["pinKey"]["publicKey"].as_str().map(str::to_string);
    let csrf = kiosk
        .cookie
        .split("; ")
        .find_map(|c| {
            c.split_once('=').filter(|(k, _)| k.ends_with("plantdoc_csrf")).map(|(_, v)| v)
        })
        .unwrap_or_default()
        .to_string();
    // The queue as the kiosk made it: times two hours ago, a fresh key per act.
    let start = state.now_ms() - 2 * 3_600_000;
    let mut queue = Vec::with_capacity(ACTS);
    for i in 0..ops {
        let swp = &deployed[i % deployed.len()];
        let at = start + (i as i64) * 10_000;
        for (n, path) in
            ["/api/island/operator-read-swp", "/api/island/verify-swp"].iter().enumerate()
        {
            let key = format!("sync-{i:04}-{n}");
            let mut b = json!({"opId": format!("op{}", i % n_ops), "swpId": swp, "key": key, "offline": true, "kioskTime": at + n as i64});
            if n == 1 {
                b["badgeNo"] = "V0001".into();
            }
            if let Some(pk) = public.as_deref().filter(|_| pins) {
                b["sealedPin"] = seal(pk, &key)?.into();
            }
            queue.push((*path, b));
        }
    }
    let started = Instant::now();
    let (mut lat, mut failed) = (Vec::with_capacity(ACTS), 0);
    for (path, body) in &queue {
        let t = Instant::now();
        let r = http
            .post(format!("{base}{path}"))
            .header("cookie", &kiosk.cookie)
            .header("x-csrf-token", &csrf)
            .json(body)
            .send()
            .await?;
        if !r.status().is_success() {
            failed += 1;
            if failed == 1 {
                eprintln!("sync: {} {}", r.status(), r.text().await.unwrap_or_default());
            }
        }
        lat.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let total = started.elapsed().as_secs_f64();
    let floor_started = Instant::now();
    for i in 0..ACTS {
        http.get(format!("{bare_base}/bare/{}", deployed[i % deployed.len()])).send().await?;
    }
    let floor = floor_started.elapsed().as_secs_f64();
    lat.sort_by(f64::total_cmp);
    println!(
        "offline sync ({mode}): {ACTS} signatures one at a time in {total:.2} s (p50 {:.2} ms, p99 {:.2} ms, {failed} refused); floor: {ACTS} bare lookups one at a time in {floor:.2} s; target < 60 s ({})",
        lat[lat.len() / 2],
        lat[lat.len() * 99 / 100],
        if total < 60.0 && failed == 0 { "met" } else { "missed" }
    );
    anyhow::ensure!(failed == 0, "{failed} offline signatures refused");
    Ok(())
}
