//! HTTP routes of the island (spec section 7, "Kiosk"). The netbook's calls are for the
//! kiosk's operator-position account; the settings also answer signed-in staff (a
//! process engineer opening /island/settings). The sign histories are the swp module's.
use plantdoc_core::api::Access;
use plantdoc_core::ApiRouter;

use crate::schemas as sc;
use crate::{alert, badge, offline, offline_file, settings, sign, status, waiver};

pub fn routes() -> ApiRouter {
    ApiRouter::new("island")
        .tier(Access::Kiosk)
        .get(
            "/api/island/operator-from-badge/{badge}",
            "The person with this badge: {_id, opNo, fullName, position, companyCode}; {error}",
            badge::operator_from_badge,
        )
        .answers(&[429])
        .returns::<sc::Operator>()
        .get(
            "/api/island/operator-status/{opId}/{swpId}",
            "Status inputs: {trainingLevel, swpRead, signedAt, expires, awaitingVerification}",
            status::operator_status,
        )
        .returns::<sc::OperatorStatus>()
        .post("/api/island/operator-read-swp", "The operator read the SWC, JES and VIS {opId, swpId, key, pin, newPin}", sign::operator_read_swp)
        .body::<sign::ReadBody>()
        .answers(&[404, 409, 429])
        .returns::<sc::Read>()
        .post(
            "/api/island/verify-swp",
            "A verifier's badge (and PIN in badge+pin) witnesses the read {badgeNo, opId, swpId, opName, partNumber, currentSquares, key, pin, newPin}",
            sign::verify_swp,
        )
        .body::<sign::VerifyBody>()
        .answers(&[404, 409, 429])
        .returns::<sc::Verified>()
        .post(
            "/api/island/waiver",
            "A team lead's badge (and PIN in badge+pin) waives the training gate for the operator on a part {badgeNo, opId, partNumber, reason, days, pin, newPin}: the training module's waiver",
            waiver::grant,
        )
        .body::<waiver::WaiverBody>()
        .answers(&[404, 409, 429])
        .returns::<sc::Waived>()
        .post(
            "/api/island/operator-read-alert",
            "The operator read the alert {opId, alertId, key, pin, newPin}: truthy when recorded",
            alert::operator_read_alert,
        )
        .body::<alert::AlertBody>()
        .answers(&[404, 409, 429])
        .returns::<sc::Read>()
        .post("/api/island/verify-alert", "A verifier's badge witnesses the alert read {badgeNo, opId, alertId, key, pin, newPin}", alert::verify_alert)
        .body::<alert::AlertBody>()
        .answers(&[404, 409, 429])
        .returns::<sc::Verified>()
        .get(
            "/api/island/offline",
            "The netbook's offline pack for its zone (?zone=): {asOf, zone, refreshMins, maxHours, signature, gate, pinKey, parts, alerts, operators, signed, obligations}",
            offline::offline_pack,
        )
        .query::<offline::PackQuery>()
        .answers(&[429])
        .returns::<offline::OfflinePack>()
        .get(
            "/api/island/offline/file/{sha256}",
            "A file of the netbook's offline pack, by the signed link the pack gives it: its stored bytes, whose SHA-256 the pack names",
            offline_file::offline_file,
        )
        .query::<offline_file::FileQuery>()
        .answers(&[404, 503])
        .returns_content("application/octet-stream", serde_json::json!({"type": "string", "format": "binary"}))
        .tier(Access::Session)
        .get("/api/island/kiosk-config", "The netbook's behaviour settings: {idleSecs, signature} (idle sign-out; badge or badge+pin)", settings::kiosk_config)
        .returns::<sc::KioskConfig>()
        .post("/api/island/settings-access", "May this badge (or you) edit the kiosk settings: {allowed, name, zones}", settings::access)
        .body::<settings::Body>()
        .answers(&[429])
        .returns::<sc::SettingsAccess>()
        .post("/api/island/zone", "Set the netbook's zone {badgeNo, zone}", settings::set_zone)
        .body::<settings::Body>()
        .answers(&[429])
        .returns::<sc::Zone>()
        .post("/api/island/revoke", "Revoke this netbook's access {badgeNo}", settings::revoke)
        .body::<settings::Body>()
        .answers(&[429])
        .returns::<plantdoc_core::http::schemas::Done>()
}
