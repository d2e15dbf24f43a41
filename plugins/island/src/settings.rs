//! The netbook's settings (spec "Kiosk settings screen"): the zone and revoking its
//! access. For the process department's engineers and managers of the kiosk's company:
//! on the netbook they scan their badge; signed in at the console they are themselves.
//! The zone is kept on the netbook; the server checks who may choose it and which zones
//! exist, and audits the change.
use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::session;
use plantdoc_core::auth::users::{Department, Position, User};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, Json};
use plantdoc_core::events::{Event, EventKind};
use plantdoc_core::http::schemas::Done;
use plantdoc_core::ports::TrainingLevels;
use plantdoc_core::{msg, text};
use serde::Deserialize;
use serde_json::json;

use crate::access::may_edit_settings;
use crate::badge::{self, Netbook};
use crate::schemas as sc;

pub const NO_PERMISSION: &str =
    text!("You currently do not have permissions to edit the settings. Contact the process engineering manager to request access.");

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    badge_no: Option<String>,
    zone: Option<String>,
}

/// Who acts: the signed-in staff member, or at a kiosk account's netbook the badge's
/// owner (another operator account is itself, and may not).
async fn editor(state: &AppState, cu: &Netbook, badge_no: Option<&str>) -> AppResult<User> {
    let who = if cu.is_kiosk() {
        let badge = badge_no
            .filter(|b| !b.trim().is_empty())
            .ok_or_else(|| AppError::field("badgeNo", text!("Please scan your badge.")))?;
        badge::identify(state, cu, badge).await?
    } else {
        cu.user.user.clone()
    };
    if !may_edit_settings(&who, &cu.company_code) {
        tracing::warn!(caller = %cu.id, who = %who.id, "kiosk settings refused");
        return Err(AppError::Forbidden(NO_PERMISSION.into()));
    }
    Ok(who)
}

/// `GET /api/island/kiosk-config`: what the netbook's screens need from
/// `[modules.island]`: the idle sign-out limit and the signature mode (a PIN field after
/// the badge in `badge+pin`); and the longest waiver a team lead may grant at the gate
/// (the training module's `waiver_max_days`; 0 while its gate or the module is off).
pub async fn kiosk_config(
    State(state): State<AppState>,
    _cu: CurrentUser,
) -> AppResult<axum::Json<sc::KioskConfig>> {
    let s = &state.get::<crate::IslandState>().settings;
    let waiver_max_days = state
        .port::<dyn TrainingLevels>()
        .filter(|t| t.gate(&state))
        .map_or(0, |t| t.waiver_max_days(&state));
    Ok(axum::Json(sc::KioskConfig {
        idle_secs: s.idle_secs.into(),
        signature: s.signature.clone(),
        waiver_max_days,
    }))
}

/// `POST /api/island/settings-access {badgeNo}`: may this person edit the settings, and
/// the zones to choose from: those the kiosk account serves (a netbook set to another
/// zone would be refused its alerts).
pub async fn access(
    State(state): State<AppState>,
    cu: Netbook,
    Json(b): Json<Body>,
) -> AppResult<axum::Json<sc::SettingsAccess>> {
    let who = editor(&state, &cu, b.badge_no.as_deref()).await?;
    let served: Vec<_> = state
        .zones
        .options(&cu.company_code)
        .into_iter()
        .filter(|o| cu.zones.contains(&o.value))
        .collect();
    Ok(axum::Json(sc::SettingsAccess { allowed: true, name: who.full_name(), zones: served }))
}

/// `POST /api/island/zone {badgeNo, zone}`: the netbook's zone (audited).
pub async fn set_zone(
    State(state): State<AppState>,
    cu: Netbook,
    Json(b): Json<Body>,
) -> AppResult<axum::Json<sc::Zone>> {
    let who = editor(&state, &cu, b.badge_no.as_deref()).await?;
    let zone = b.zone.unwrap_or_default();
    if !state.zones.codes(&cu.company_code).contains(&zone) {
        return Err(AppError::field("zone", text!("Please choose a zone of your company.")));
    }
    if !cu.zones.contains(&zone) {
        return Err(AppError::field(
            "zone",
            text!("This kiosk account does not serve this zone; a manager can add it to the account's zones."),
        ));
    }
    let entry = AuditEntry::new(
        "island.zone",
        format!("user:{}", cu.id),
        "kiosk settings: the netbook's zone",
    )
    .by(Some(&who.id), &who.full_name())
    .after(json!({"zone": zone}));
    audit::record(&state.db, state.now_ms(), &entry).await?;
    Ok(axum::Json(sc::Zone { zone }))
}

/// `POST /api/island/revoke {badgeNo}`: ends this netbook's session at once; it must
/// sign in again.
pub async fn revoke(
    State(state): State<AppState>,
    cu: Netbook,
    Json(b): Json<Body>,
) -> AppResult<Response> {
    let who = editor(&state, &cu, b.badge_no.as_deref()).await?;
    let mut tx = state.db.begin().await?;
    session::end_one(&mut tx, &cu.session_hash).await?;
    tell_revoked(&state, &mut tx, &cu, &who).await?;
    let entry = AuditEntry::new(
        "island.revoke",
        format!("user:{}", cu.id),
        "kiosk settings: access to this netbook revoked",
    )
    .by(Some(&who.id), &who.full_name());
    audit::append(&mut tx, state.now_ms(), &entry).await?;
    tx.commit().await?;
    let mut resp = axum::Json(Done { ok: true }).into_response();
    for c in session::clear_cookies(&state) {
        resp.headers_mut().append(SET_COOKIE, c);
    }
    Ok(resp)
}

/// Process engineering (engineers and managers of the process department of the
/// netbook's company whose zones overlap its own) hears of a revoked kiosk.
async fn tell_revoked(
    state: &AppState,
    conn: &mut sqlx::AnyConnection,
    kiosk: &Netbook,
    who: &User,
) -> AppResult<()> {
    let to = plantdoc_core::people::in_department(
        &mut *conn,
        &kiosk.company_code,
        Department::Process,
        &[Position::Engineer, Position::Manager],
    )
    .await?;
    let (name, account) = (who.full_name(), &kiosk.email);
    let title = msg!("{name} revoked the access of the kiosk {account}");
    let e = Event::new(REVOKED.id, kiosk.company_code.clone(), format!("user:{}", kiosk.id))
        .zones(kiosk.zones.clone())
        .by(&who.id)
        .data(json!({"title": title, "kiosk": kiosk.email}))
        .to(to);
    state.emit(conn, state.now_ms(), &e).await
}

/// A kiosk's access was revoked (declared in the module's `build`).
pub const REVOKED: EventKind =
    EventKind::new("island.revoked", text!("A kiosk's access was revoked"));
