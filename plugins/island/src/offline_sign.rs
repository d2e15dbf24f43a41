//! Offline signatures on sync (decision 121): the four signing calls take `offline: true`
//! with `kioskTime` (the kiosk's clock when the operator signed) and, in badge+pin mode,
//! `sealedPin` (the PIN sealed to the server's key, `sealed`). The act is recorded with
//! the kiosk's time as its signing time and the sync time beside it; the rules are
//! checked as of now (training gate, verifier, separation of duties), the version as of
//! the kiosk's time (a revision superseded during the outage is signed as read of that
//! revision). A refused PIN of an offline act is audited and told to the team leads of
//! the kiosk's zones: the operator is gone from the kiosk by then. A one-time PIN replaced
//! offline (`newPin` sealed with it) is stored in the transaction that records the act
//! (decision 125).
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::users::{Position, User};
use plantdoc_core::clock::iso;
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use plantdoc_core::events::{Event, EventKind};
use plantdoc_core::ports::SignableVersion;
use plantdoc_core::{msg, text};
use serde::Deserialize;
use serde_json::json;

use crate::badge::Netbook;
use crate::pin::{checked, Entered, Second};
use crate::sign::Given;

/// A refused offline signature (declared in the module's `build`): subject the document,
/// the kiosk's zones, to its supervisors and managers; data `{title, operator, signer,
/// kioskTime, docKind, docId}`.
pub const REFUSED: EventKind =
    EventKind::new("island.offline-refused", text!("An offline signature was refused on sync"));

const KEY_NEEDED: &str = text!("An offline signature needs its request key.");
const TIME_NEEDED: &str = text!("An offline signature needs the kiosk's time.");
const AHEAD: &str =
    text!("The kiosk's clock is ahead of the server's; please set the kiosk's time.");
const TOO_OLD: &str = text!("This offline signature is too old to be recorded; please sign again.");
/// The kiosk's clock may run this far ahead of the server's.
const AHEAD_MS: i64 = 5 * 60_000;

/// The offline fields of a signing call.
#[derive(Deserialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfflineFields {
    /// Signed at the kiosk during an outage, sent on sync.
    pub offline: Option<bool>,
    /// The kiosk's time of the act, ms since epoch (required with `offline`).
    pub kiosk_time: Option<i64>,
    /// badge+pin: base64url of HPKE `enc || ciphertext` of `{"pin", "key"}` (`key`: this
    /// request's; with `"newPin"` when it replaces a one-time PIN), instead of `pin`.
    pub sealed_pin: Option<String>,
}

/// The kiosk's time of an offline act, checked (not more than 5 min ahead, not older
/// than `offline_max_hours` + 24 h); `None` for an act made online.
pub fn kiosk_time(
    state: &AppState,
    f: &OfflineFields,
    key: Option<&str>,
) -> AppResult<Option<i64>> {
    if f.offline != Some(true) {
        return Ok(None);
    }
    let now = state.now_ms();
    let max_hours = i64::from(state.get::<crate::IslandState>().settings.offline_max_hours);
    let mut errors = FieldErrors::new();
    if key.is_none() {
        errors.insert("key".into(), KEY_NEEDED.into());
    }
    match f.kiosk_time {
        None => errors.insert("kioskTime".into(), TIME_NEEDED.into()),
        Some(t) if t > now + AHEAD_MS => errors.insert("kioskTime".into(), AHEAD.into()),
        Some(t) if t < now - (max_hours + 24) * 3_600_000 => {
            errors.insert("kioskTime".into(), TOO_OLD.into())
        }
        Some(_) => None,
    };
    if errors.is_empty() {
        Ok(f.kiosk_time)
    } else {
        Err(AppError::Fields(errors))
    }
}

/// What an act needs to know of its offline form: the kiosk's time and the signed
/// document, for the record and for a refusal's notice.
pub struct Act<'a> {
    pub kiosk_time: Option<i64>,
    pub fields: &'a OfflineFields,
    pub key: Option<&'a str>,
    /// The operator whose read is signed or verified.
    pub operator: &'a User,
    pub doc: &'a SignableVersion,
}

/// The second component of `who`'s signature (`pin::checked`), the PINs opened from
/// `sealedPin` when one is sent, with how the act is given. An offline act's refusal there
/// is audited and told (a wait, 429, is neither: the netbook sends the act again); its
/// one-time PIN's replacement rides in the answer, stored with the act (decision 125); an
/// online act's is stored now, as before.
pub async fn second(
    state: &AppState,
    netbook: &Netbook,
    who: &User,
    entered: Entered<'_>,
    act: &Act<'_>,
) -> AppResult<Given> {
    let answer = match (&act.fields.sealed_pin, act.key) {
        (Some(sealed), Some(key)) => match crate::sealed::open(state, sealed, key).await {
            Ok(o) => {
                let entered = Entered { pin: Some(&o.pin), new_pin: o.new_pin.as_deref() };
                checked(state, netbook, who, entered).await
            }
            Err(e) => Err(e),
        },
        (Some(_), None) => Err(AppError::field("key", KEY_NEEDED)),
        (None, _) => checked(state, netbook, who, entered).await,
    };
    match (answer, act.kiosk_time) {
        (Err(e), Some(t)) if !matches!(e, AppError::TooManyRequests { .. }) => {
            tell_refused(state, netbook, who, act, t).await?;
            Err(e)
        }
        (Err(e), _) => Err(e),
        (Ok(s), None) => {
            if let Some(new_pin) = &s.new_pin {
                new_pin.store_now(state).await?;
            }
            Ok(Given { mode: s.mode, kiosk_time: None, new_pin: None })
        }
        (Ok(s), kiosk_time) => Ok(Given { mode: s.mode, kiosk_time, new_pin: s.new_pin }),
    }
}

/// An offline act refused before its PIN was checked (the person known, the act not: a
/// 409 of a verification made online meanwhile, a revision no longer there): a one-time
/// PIN's replacement sealed with it is still made when that one-time PIN is right, as
/// online, where the replacement precedes the act (decision 129); otherwise the holder's
/// next acts, sealed with the new PIN, would all be refused. The refusal stands either way
/// and says nothing of the PIN; only a wait (429) is left for the netbook's next send.
pub async fn refused(
    state: &AppState,
    netbook: &Netbook,
    who: &User,
    fields: &OfflineFields,
    key: Option<&str>,
    refusal: AppError,
) -> AppError {
    if matches!(refusal, AppError::TooManyRequests { .. }) || fields.kiosk_time.is_none() {
        return refusal;
    }
    let (Some(sealed), Some(key)) = (&fields.sealed_pin, key) else { return refusal };
    let Ok(o) = crate::sealed::open(state, sealed, key).await else { return refusal };
    if o.new_pin.is_none() {
        return refusal;
    }
    let entered = Entered { pin: Some(&o.pin), new_pin: o.new_pin.as_deref() };
    if let Ok(Second { new_pin: Some(n), .. }) = checked(state, netbook, who, entered).await {
        if let Err(e) = n.store_now(state).await {
            tracing::warn!(user = %who.id, "a one-time PIN's replacement with a refused offline act was not stored: {e:?}");
        }
    }
    refusal
}

/// Audits a refused offline act and tells the supervisors and managers of the kiosk's
/// zones, in one transaction.
async fn tell_refused(
    state: &AppState,
    netbook: &Netbook,
    signer: &User,
    act: &Act<'_>,
    kiosk_time: i64,
) -> AppResult<()> {
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let mut to = Vec::new();
    for p in [Position::Supervisor, Position::Manager] {
        let placed = plantdoc_core::people::at_position(&mut tx, &netbook.company_code, p).await?;
        let covers = |z: &[String]| state.zones.covers_company(&netbook.company_code, z);
        to.extend(
            placed
                .into_iter()
                .filter(|u| {
                    covers(&u.zones) || plantdoc_core::zones::overlap(&u.zones, &netbook.zones)
                })
                .map(|u| u.id),
        );
    }
    let (name, part) = (act.operator.full_name(), &act.doc.part_number);
    let title = msg!("An offline signature of {name} for part {part} was refused on sync: the PIN was not accepted. The instructions are still to be read.");
    let data = json!({"title": title, "operator": act.operator.id, "signer": signer.id,
        "kioskTime": iso(kiosk_time), "docKind": act.doc.kind.as_str(), "docId": act.doc.id});
    let e = Event::new(REFUSED.id, netbook.company_code.clone(), act.doc.target())
        .zones(netbook.zones.clone())
        .by(&signer.id)
        .data(data)
        .to(to);
    state.emit(&mut tx, now, &e).await?;
    let entry = AuditEntry::new(
        "island.offline-refused",
        act.doc.target(),
        "offline signature refused on sync: the signer's PIN was not accepted",
    )
    .by(Some(&signer.id), &signer.full_name())
    .after(json!({"operator": act.operator.id, "versionHash": act.doc.version_hash,
        "kiosk": netbook.id, "kioskTime": iso(kiosk_time), "receivedAt": iso(now), "offline": true}));
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    Ok(())
}
