//! The netbook's offline pack (decision 121, `GET /api/island/offline?zone=`): what the kiosk
//! keeps to go on through a network outage: the zone's deployed SWPs and alerts in force
//! with every file (SHA-256 and a link), the company's badge holders with their training
//! levels, and the sign records of those versions. Built from the same ports and core
//! reads the online calls use, in a bounded number of statements (no read per part or
//! per person). It lists the company's badges: kiosk accounts only, rate-limited per
//! address, audited once per refresh period per kiosk account; never a PIN hash.
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Mutex;

use axum::extract::{Query, State};
use plantdoc_core::acks;
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use plantdoc_core::ports::{AlertsInForce, DeployedDocs, PackFile, PackedDoc, TrainingLevels};
use plantdoc_core::text;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use utoipa::ToSchema;

use crate::access::{may_verify, signs_as_operator, SIGN_VALID_MS};
use crate::badge::Netbook;
use crate::IslandState;

pub const NO_ZONE: &str = text!("Set this netbook's zone in Settings first.");
const NOT_SERVED: &str = text!(
    "This kiosk account does not serve this zone; a manager can add it to the account's zones."
);

/// When each kiosk account's pack was last audited (app clock).
#[derive(Default)]
pub struct Audited(Mutex<HashMap<String, i64>>);

impl Audited {
    /// Whether a pack sent now to `account` is audited: the first of each refresh period.
    fn due(&self, account: &str, now: i64, period_ms: i64) -> bool {
        let mut m = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if m.len() > 10_000 {
            m.retain(|_, t| now - *t < period_ms);
        }
        match m.get(account) {
            Some(t) if now - *t < period_ms => false,
            _ => {
                m.insert(account.to_string(), now);
                true
            }
        }
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct PackQuery {
    /// The zone the netbook has set.
    zone: Option<String>,
}

/// The server's key for sealed PINs (badge+pin; decision 121).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PinKey {
    pub kem: &'static str,
    pub kdf: &'static str,
    pub aead: &'static str,
    /// The HPKE `info`.
    pub info: &'static str,
    /// base64url (no padding) of the uncompressed P-256 point (65 bytes).
    pub public_key: String,
}

/// A part of the pack: its deployed SWP as the kiosk's screens read it and its files.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackPart {
    pub part_number: String,
    /// The catalogue part's id (the kiosk's `?part=`).
    #[schema(required = true)]
    pub part_id: Option<String>,
    /// The SWP object of `deployed-swp` without `opsSigned` and `urls`, with `id` and
    /// `translations` (the served ones).
    #[schema(value_type = Object)]
    pub swp: Value,
    pub files: Vec<PackFile>,
}

/// An operator's effective training level on a part (the gate's).
#[derive(Serialize, ToSchema)]
pub struct PackLevel {
    pub level: i64,
    #[schema(required = true)]
    pub reason: Option<String>,
}

/// A badge holder of the company.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackOperator {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(required = true)]
    pub op_no: Option<String>,
    pub full_name: String,
    pub position: String,
    pub badge: String,
    pub language: String,
    /// By part number, with the gate on (a part left out: level -1); empty with it off.
    pub levels: BTreeMap<String, PackLevel>,
    /// Signs as the operator (an operator or OJT trainee).
    pub signs_as_operator: bool,
    /// May verify others (supervisor, manager, engineer): never themselves.
    pub may_verify: bool,
    /// badge+pin: their PIN is one-time, to be replaced at its first use (the kiosk asks
    /// for a new one offline too; decision 125). No secret: a flag.
    pub must_replace_pin: bool,
}

/// A sign record of a version in the pack.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackSigned {
    pub op_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swp_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alert_id: Option<String>,
    pub version_hash: String,
    /// ms since epoch.
    pub signed_at: i64,
    /// `signedAt` + 90 days.
    pub expires: i64,
    pub verified: bool,
}

/// `GET /api/island/offline` (returned).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfflinePack {
    /// Server time, ms since epoch.
    pub as_of: i64,
    pub zone: String,
    pub refresh_mins: i64,
    pub max_hours: i64,
    /// `badge` or `badge+pin`.
    pub signature: String,
    /// The training gate is on (else every level is 5).
    pub gate: bool,
    #[schema(required = true)]
    pub pin_key: Option<PinKey>,
    pub parts: Vec<PackPart>,
    /// The zone's alerts in force: the operator feed's items with `files` and `sunset`.
    #[schema(value_type = Vec<Object>)]
    pub alerts: Vec<Value>,
    pub operators: Vec<PackOperator>,
    pub signed: Vec<PackSigned>,
    /// Each operator's open reading obligations: null, the readiness port offers only
    /// per-document counts.
    #[schema(required = true, value_type = Option<Vec<Object>>)]
    pub obligations: Option<Vec<Value>>,
}

/// The netbook's zone: one of the company's that the kiosk account serves.
fn zone_of(state: &AppState, netbook: &Netbook, q: PackQuery) -> AppResult<String> {
    let zone = q.zone.map(|z| z.trim().to_string()).filter(|z| !z.is_empty());
    let zone = zone.ok_or_else(|| AppError::field("zone", NO_ZONE))?;
    let company = &netbook.company_code;
    if !state.zones.codes(company).contains(&zone) {
        return Err(AppError::field("zone", text!("Please choose a zone of your company.")));
    }
    if !state.zones.covers_company(company, &netbook.zones) && !netbook.zones.contains(&zone) {
        return Err(AppError::field("zone", NOT_SERVED));
    }
    Ok(zone)
}

/// Rate-limited per client address as the other reads that list people (the sign-in
/// limit, its own bucket).
fn limit(state: &AppState, netbook: &Netbook) -> AppResult<()> {
    state.ip_limiter.hit(netbook.addr, "island-offline", state.now_ms()).map_err(|retry| {
        let mut fields = FieldErrors::new();
        fields
            .insert("error".into(), text!("Too many requests. Please wait and try again.").into());
        AppError::TooManyRequests { retry_after_secs: retry, fields }
    })
}

/// `GET /api/island/offline?zone=`: the netbook's offline pack.
pub async fn offline_pack(
    State(state): State<AppState>,
    netbook: Netbook,
    Query(q): Query<PackQuery>,
) -> AppResult<axum::Json<OfflinePack>> {
    let zone = zone_of(&state, &netbook, q)?;
    limit(&state, &netbook)?;
    let now = state.now_ms();
    let company = netbook.company_code.clone();
    let docs = match state.port::<dyn DeployedDocs>() {
        Some(d) => d.zone_pack(&state, &netbook, &zone).await?,
        None => Vec::new(),
    };
    let alerts = match state.port::<dyn AlertsInForce>() {
        Some(a) => a.zone_pack(&state, &company, &zone).await?,
        None => Vec::new(),
    };
    let people =
        plantdoc_core::people::badge_holders(&mut *state.db.reader().await?, &company).await?;
    let people: Vec<_> = people
        .into_iter()
        .filter(|u| signs_as_operator(u) || may_verify(u, "", &company).is_ok())
        .collect();
    let levels = levels(&state, &people, &docs).await;
    let signed = signed(&state, &docs, &alerts).await?;
    let s = &state.get::<IslandState>().settings;
    let (pin_key, one_time) = match s.signature.as_str() {
        acks::BADGE_PIN => (Some(crate::sealed::pin_key(&state).await?), one_time(&state).await?),
        _ => (None, HashSet::new()),
    };
    let operators: Vec<PackOperator> = people
        .into_iter()
        .map(|u| PackOperator {
            levels: levels.1.get(&u.id).map(|l| to_levels(l)).unwrap_or_default(),
            signs_as_operator: signs_as_operator(&u),
            may_verify: may_verify(&u, "", &company).is_ok(),
            must_replace_pin: one_time.contains(&u.id),
            full_name: u.full_name(),
            position: u.position.as_str().to_string(),
            badge: u.badge.clone().unwrap_or_default(),
            language: u.lang.clone(),
            op_no: u.op_no,
            id: u.id,
        })
        .collect();
    let pack = OfflinePack {
        as_of: now,
        zone,
        refresh_mins: s.offline_refresh_mins.into(),
        max_hours: s.offline_max_hours.into(),
        signature: s.signature.clone(),
        gate: levels.0,
        pin_key,
        parts: docs
            .into_iter()
            .map(|d| PackPart {
                part_number: d.part_number,
                part_id: d.part_id,
                swp: d.doc,
                files: d.files,
            })
            .collect(),
        alerts: alerts.into_iter().map(alert_json).collect(),
        operators,
        signed,
        obligations: None,
    };
    audit_pack(&state, &netbook, &pack).await?;
    Ok(axum::Json(pack))
}

/// The people whose PIN is one-time (issued, not replaced, not locked): one read.
async fn one_time(state: &AppState) -> AppResult<HashSet<String>> {
    let states = plantdoc_core::auth::pin::states(state).await?;
    Ok(states.into_iter().filter(|(_, s)| *s == "one-time").map(|(id, _)| id).collect())
}

fn to_levels(l: &[(String, i64, Option<String>)]) -> BTreeMap<String, PackLevel> {
    l.iter()
        .map(|(part, level, reason)| {
            (part.clone(), PackLevel { level: *level, reason: reason.clone() })
        })
        .collect()
}

/// The feed's item with its `files` (`{lang, sha256, url}`) and `sunset` (ms).
fn alert_json(a: PackedDoc) -> Value {
    let mut v = a.doc;
    let files: Vec<Value> =
        a.files.iter().map(|f| json!({"lang": f.lang, "sha256": f.sha256, "url": f.url})).collect();
    v["files"] = files.into();
    v["sunset"] = a.sunset_ms.into();
    v
}

type Levels = HashMap<String, Vec<(String, i64, Option<String>)>>;

/// Whether the gate is on, and the effective levels of the operators on the pack's parts
/// (the port's `qualifications`, the gate's own).
async fn levels(
    state: &AppState,
    people: &[plantdoc_core::auth::users::User],
    docs: &[PackedDoc],
) -> (bool, Levels) {
    let Some(t) = state.port::<dyn TrainingLevels>().filter(|t| t.gate(state)) else {
        return (false, HashMap::new());
    };
    let ops: Vec<String> =
        people.iter().filter(|u| signs_as_operator(u)).map(|u| u.id.clone()).collect();
    let parts: Vec<String> =
        docs.iter().map(|d| d.part_number.clone()).collect::<HashSet<_>>().into_iter().collect();
    let mut out: Levels = HashMap::new();
    for (op, part, q) in t.qualifications(state, &ops, &parts).await {
        out.entry(op).or_default().push((part, q.level.into(), q.reason));
    }
    (true, out)
}

/// The sign records of the pack's versions (one read per document kind).
async fn signed(
    state: &AppState,
    docs: &[PackedDoc],
    alerts: &[PackedDoc],
) -> AppResult<Vec<PackSigned>> {
    let mut out = Vec::new();
    for (list, is_alert) in [(docs, false), (alerts, true)] {
        let Some(first) = list.first() else { continue };
        let pairs: Vec<(&str, &str)> =
            list.iter().map(|d| (d.id.as_str(), d.version_hash.as_str())).collect();
        let records = acks::for_documents(&state.db, first.kind, &pairs).await?;
        for r in records.into_values().flatten() {
            let doc = Some(r.doc_id);
            out.push(PackSigned {
                op_id: r.operator_id,
                swp_id: if is_alert { None } else { doc.clone() },
                alert_id: if is_alert { doc } else { None },
                version_hash: r.version_hash,
                signed_at: r.signed_at,
                expires: r.signed_at + SIGN_VALID_MS,
                verified: r.verified_at.is_some(),
            });
        }
    }
    Ok(out)
}

/// One audit row per kiosk account and refresh period: the pack lists the badges.
async fn audit_pack(state: &AppState, netbook: &Netbook, pack: &OfflinePack) -> AppResult<()> {
    let period = i64::from(state.get::<IslandState>().settings.offline_refresh_mins) * 60_000;
    if !state.get::<IslandState>().packs.due(&netbook.id, pack.as_of, period) {
        return Ok(());
    }
    let entry = AuditEntry::new(
        "island.offline-pack",
        format!("user:{}", netbook.id),
        "offline pack: the zone's documents, alerts, badges and training levels sent to the kiosk",
    )
    .by(Some(&netbook.id), &netbook.full_name())
    .after(json!({"zone": pack.zone, "parts": pack.parts.len(), "alerts": pack.alerts.len(),
        "operators": pack.operators.len(), "signed": pack.signed.len()}));
    audit::record(&state.db, pack.as_of, &entry).await?;
    Ok(())
}
