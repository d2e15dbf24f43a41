//! HTTP routes of the alerts module (spec section 7 'Alerts' and the kiosk's two feeds).
//! Console by default; the feeds are for console and kiosk. Each handler applies `access`.
use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use plantdoc_core::api::Access;
use plantdoc_core::ApiRouter;
use serde_json::{json, Value};

use plantdoc_core::acks::SignRecord;
use plantdoc_core::review::engine as review;

use crate::model::Alert;

use crate::{kiosk, lists, submit};

pub fn routes() -> ApiRouter {
    ApiRouter::new("alerts")
        .get("/api/alerts/onBehalfOfUsers", "Process engineers of the caller's company", lists::on_behalf_users)
        .returns_shape(json!([{"_id": "string", "firstname": "string", "lastname": "string"}]))
        .post("/api/alerts/uploadPond", "Upload the alert's PDF (multipart or raw body): {serverId}", submit::upload.layer(DefaultBodyLimit::disable()))
        .multipart().query::<submit::RawQuery>().answers(&[409])
        .returns_shape(json!({"serverId": "string", "filename": "string", "size": "integer"}))
        .delete("/api/alerts/uploadPond/{uniqueId}", "Remove one of your pending uploads", submit::revert)
        .returns_shape(json!({"serverId": "string", "deleted": "boolean"}))
        .post("/api/alerts/uploadS3", "Submit an alert from your pending upload", submit::submit)
        .body_schema(submit_schema())
        .returns_shape(json!({"alert": {"=": alert_schema(&[])}}))
        .get("/api/alerts/part-numbers", "Parts of your company by prefix: {partList: [{_id, partNumber}]}", lists::part_numbers)
        .query::<lists::SuggestQuery>()
        .returns_shape(json!({"partList": [{"_id": "string", "partNumber": "string"}]}))
        .get("/api/alerts/pending-my-approval", "Alerts waiting for your review stage (a list)", lists::pending_my_approval)
        .returns_shape(json!([{"=": alert_schema(&[("mine", "boolean")])}]))
        .get("/api/alerts/signed-url/{alertId}", "A short-lived link to the alert's document (the URL as the body)", lists::signed_url)
        .returns_shape(json!("string"))
        .get("/api/alerts/alert/{alertId}", "One alert: {alert}", lists::alert)
        .returns_shape(json!({"alert": {"=": alert_schema(&[("mine", "boolean")])}}))
        .post("/api/alerts/approve/{alertId}", "Approve your review stage of an alert", review::approve::<Alert>)
        .body::<plantdoc_core::review::ReviewBody>().answers(&[409])
        .returns_shape(json!({"alert": {"=": alert_schema(&[])}}))
        .post("/api/alerts/reject/{alertId}", "Reject an alert back to its author (note required)", review::reject::<Alert>)
        .body::<plantdoc_core::review::ReviewBody>().answers(&[409])
        .returns_shape(json!({"alert": {"=": alert_schema(&[])}}))
        .get("/api/alerts/user-pending-alerts", "Pending and rejected alerts you see, with approvals and mine", lists::user_pending)
        .returns_shape(json!([{"=": alert_schema(&[("mine", "boolean")])}]))
        .get("/api/alerts/user-deployed-alerts", "Deployed alerts you see (expired included), with opSigned and mine", lists::user_deployed)
        .returns_shape(json!([{"=": alert_schema(&[("mine", "boolean")])}]))
        .get("/api/alerts/deployed", "Deployed alerts not past their sunset", lists::deployed)
        .returns_shape(json!([{"=": alert_schema(&[("mine", "boolean")])}]))
        .post("/api/alerts/delete-pending", "Delete pending alerts (a list of ids)", review::delete_pending::<Alert>)
        .body_schema(ids()).answers(&[404, 409])
        .returns_shape(json!({"deleted": ["string"]}))
        .post("/api/alerts/delete-deployed", "Remove deployed alerts from the floor (a list of ids)", review::delete_deployed::<Alert>)
        .body_schema(ids()).answers(&[404, 409])
        .returns_shape(json!({"deleted": ["string"]}))
        .get("/api/alerts/signed-ops/{alertId}", "Sign records of an alert: {opList: {opsSigned}}", lists::signed_ops)
        .returns_shape(json!({"opList": {"opsSigned": [{"=": SignRecord::schema()}]}}))
        .tier(Access::Session)
        .get("/api/alerts/operator-alerts/zone/{zone}", "Kiosk: alerts in force in the zone now, with url", kiosk::zone_feed)
        .returns_shape(json!([{"=": alert_schema(&[("url", "string?")])}]))
        .get(
            "/api/alerts/operator-alerts/{zone}/{operatorId}",
            "Kiosk: alerts in force in the zone the operator has not signed and had verified",
            kiosk::operator_feed,
        )
        .returns_shape(json!([{"=": alert_schema(&[("url", "string?")])}]))
}

/// A list of alert ids (delete-pending, delete-deployed).
fn ids() -> Value {
    json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 100})
}

/// The alert form (read field by field by `submit`, which names each bad one).
fn submit_schema() -> Value {
    json!({"type": "object", "required": ["alertFile", "zones"], "properties": {
        "alertFile": {"type": "object", "properties": {"serverId": {"type": "string"}}},
        "zones": {"type": "array", "items": {"type": "string"}},
        "changes": {},
        "onBehalfOf": {},
    }})
}

/// The alert object (`Alert::to_json` with its sign records), plus the given keys.
fn alert_schema(extra: &[(&str, &str)]) -> Value {
    let review = json!({"status": "string", "reviewer": "string?", "date": "string?", "note": "string?"});
    let mut v = json!({
        "_id": "string", "alertTag": "string", "alertType": "string", "partNumber": "string", "partId": "string",
        "status": "string", "inForce": "boolean",
        "uploadDate": {"date": "string", "timestamp": "string"}, "effectiveDate": {"date": "string"}, "sunsetDate": {"date": "string"},
        "owner": {"_id": "string", "firstname": "string", "lastname": "string"},
        "onBehalfOf": {"_id": "string", "name": "string"},
        "zones": ["string"], "revision": "integer", "changes": "string",
        "approvals": {"=": {"type": "object", "additionalProperties": plantdoc_core::openapi::shape(review)}},
        "deployedDate": "string?", "versionHash": "string",
        "opsSigned": [{"=": SignRecord::schema()}], "opSigned": [{"=": SignRecord::schema()}],
    });
    for (k, t) in extra {
        v[*k] = json!(t);
    }
    plantdoc_core::openapi::shape(v)
}
