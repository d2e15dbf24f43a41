//! HTTP routes of the SWPs module (spec section 7, the kiosk's calls and the sign
//! histories). The tier is declared here: console by default, console and kiosk where
//! the kiosk calls too; each handler then applies `access`.
use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use plantdoc_core::api::Access;
use plantdoc_core::ApiRouter;
use serde_json::{json, Value};

use plantdoc_core::acks::SignRecord;
use plantdoc_core::review::engine as review;

use crate::model::Swp;

use crate::{history, lifecycle, lists, submit, upload, viewer};

pub fn routes() -> ApiRouter {
    ApiRouter::new("swp")
        .get("/api/swps/onBehalfOfUsers", "Process engineers of the caller's company", lists::on_behalf_users)
        .returns_shape(json!([{"_id": "string", "firstname": "string", "lastname": "string"}]))
        .get("/api/swps/catalogue-part-numbers", "The Upload form's part field: catalogue parts by prefix: {partList: [{_id, partNumber}]}", lists::catalogue_part_numbers)
        .query::<lists::SuggestQuery>()
        .returns_shape(json!({"partList": [{"_id": "string", "partNumber": "string"}]}))
        // Uploads stream past the JSON body limit; their own limit applies (413).
        .post("/api/swps/uploadPdf", "Upload one PDF (multipart or raw body): {serverId}", upload::upload_pdf.layer(DefaultBodyLimit::disable()))
        .multipart().query::<upload::RawQuery>().answers(&[409])
        .returns_shape(upload_shape())
        .post("/api/swps/uploadVideo", "Upload one MP4/WebM video (multipart or raw body): {serverId}", upload::upload_video.layer(DefaultBodyLimit::disable()))
        .multipart().query::<upload::RawQuery>().answers(&[409])
        .returns_shape(upload_shape())
        .delete("/api/swps/uploadPond/{serverId}", "Remove one of your pending uploads", upload::revert)
        .returns_shape(json!({"serverId": "string", "deleted": "boolean"}))
        .post("/api/swps/uploadS3", "Submit an SWP from your pending uploads", submit::submit)
        .body_schema(submit_schema())
        .returns_shape(json!({"swp": {"=": swp_schema(true)}}))
        .get("/api/swps/pending-my-approval", "SWPs waiting for your review, with document links", lists::pending_my_approval)
        .returns_shape(json!({"swps": [{"=": swp_schema(false)}], "urls": {"=": {"type": "object", "additionalProperties": urls_schema()}}}))
        .get("/api/swps/signed-urls/{swpId}", "Short-lived links to an SWP's documents", viewer::signed_urls)
        .returns_shape(json!({"urls": {"=": urls_schema()}}))
        .get("/api/swps/swp/{swpId}", "One SWP", viewer::swp)
        .returns_shape(json!({"swp": {"=": swp_schema(true)}}))
        .post("/api/swps/approve/{swpId}", "Approve your review stage of an SWP", review::approve::<Swp>)
        .body::<plantdoc_core::review::ReviewBody>().answers(&[409])
        .returns_shape(json!({"swp": {"=": swp_schema(false)}}))
        .post("/api/swps/reject/{swpId}", "Reject an SWP back to its author (note required)", review::reject::<Swp>)
        .body::<plantdoc_core::review::ReviewBody>().answers(&[409])
        .returns_shape(json!({"swp": {"=": swp_schema(false)}}))
        .get("/api/swps/user-pending-swps", "Your SWPs in review or rejected", lists::user_pending)
        .returns_shape(json!([{"=": swp_schema(false)}]))
        .get("/api/swps/pending-swps", "Every pending SWP you see", lists::all_pending)
        .returns_shape(json!([{"=": swp_schema(false)}]))
        .post("/api/swps/delete-pending", "Delete pending SWPs (a list of ids)", review::delete_pending::<Swp>)
        .body_schema(ids()).answers(&[404, 409])
        .returns_shape(json!({"deleted": ["string"]}))
        .get("/api/swps/user-deployed-swps", "Your deployed SWPs", lists::user_deployed)
        .returns_shape(json!([{"=": swp_schema(false)}]))
        .post("/api/swps/delete-deployed", "Remove deployed SWPs from the floor (a list of ids)", review::delete_deployed::<Swp>)
        .body_schema(ids()).answers(&[404, 409])
        .returns_shape(json!({"deleted": ["string"]}))
        .get("/api/swps/deployed-swps-paginated", "A page of deployed SWPs: {results, total}", lists::deployed_paginated)
        .query::<lists::PageQuery>()
        .returns_shape(json!({"results": [{"=": swp_schema(false)}], "total": "integer"}))
        .get("/api/swps/deployed-swp-list", "Deployed SWPs by part number (at most 1000)", lists::deployed_list)
        .query::<lists::ListQuery>()
        .returns_shape(json!([{"=": swp_schema(false)}]))
        .post("/api/swps/edit/{swpId}", "Change a deployed SWP's zones", lifecycle::edit)
        .body::<lifecycle::EditBody>().answers(&[409])
        .returns_shape(json!({"swp": {"=": swp_schema(false)}}))
        .get("/api/swps/signed-ops/{swpId}", "Sign records of an SWP: {opList: {opsSigned}}", viewer::signed_ops)
        .returns_shape(json!({"opList": {"opsSigned": [{"=": SignRecord::schema()}]}}))
        .get(
            "/api/island/obsolete-sign-history/{partNumber}",
            "Sign records of the part's revisions superseded within 90 days: [{createdDate, opsSigned}]",
            history::obsolete_sign_history,
        )
        .returns_shape(json!([{"_id": "string", "revision": "integer?", "createdDate": "string", "obsoleteDate": "string?", "opsSigned": [{"=": SignRecord::schema()}]}]))
        .tier(Access::Session)
        .get("/api/swps/deployed-swp-part-numbers", "Deployed parts by prefix: {swpList: [{_id (catalogue part id), partNumber}]}", lists::part_numbers)
        .query::<lists::SuggestQuery>()
        .returns_shape(json!({"swpList": [{"_id": "string?", "partNumber": "string"}]}))
        .get("/api/swps/deployed-swp", "Kiosk: the part's deployed SWP (partId: a catalogue part id): {details}", viewer::deployed_swp)
        .query::<viewer::PartQuery>().answers(&[404])
        .returns_shape(json!({"details": {"=": kiosk_swp_schema()}}))
        .get("/api/swps/swp-with-urls/{swpId}", "Kiosk: a deployed SWP with links: {swp}", viewer::swp_with_urls)
        .returns_shape(json!({"swp": {"=": kiosk_swp_schema()}}))
        .get("/api/island/sign-history/{partNumberId}", "Sign records of a deployed SWP (an SWP id or a catalogue part id): {opsSigned}", history::sign_history)
        .returns_shape(json!({"opsSigned": [{"=": SignRecord::schema()}]}))
}

/// A list of SWP ids (delete-pending, delete-deployed).
fn ids() -> Value {
    json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 100})
}

/// The upload form (read field by field by `submit`, which names each bad one).
fn submit_schema() -> Value {
    json!({"type": "object", "required": ["fileIds", "partNumber", "zones"], "properties": {
        "fileIds": {"type": "object", "description": "Section → list of pending upload ids (swc, jes, vis, opin, video)"},
        "partNumber": {"type": "string"},
        "zones": {"type": "array", "items": {"type": "string"}},
        "format": {"type": ["string", "null"]},
        "changes": {},
        "onBehalfOf": {},
    }})
}

/// An upload's answer.
fn upload_shape() -> Value {
    json!({"serverId": "string", "filename": "string", "size": "integer"})
}

/// Links to an SWP's documents (null: no such file).
fn urls_schema() -> Value {
    plantdoc_core::openapi::shape(json!({"swc": "string?", "jes": "string?", "vis": "string?", "video": "string?"}))
}

/// The SWP object (`Swp::to_json` with its sign records); `urls` filled for one SWP viewed.
fn swp_schema(with_urls: bool) -> Value {
    use plantdoc_core::openapi::nullable;
    let review = json!({"status": "string", "reviewer": "string?", "date": "string?", "note": "string?"});
    let mut s = plantdoc_core::openapi::shape(json!({
        "_id": "string", "partNumber": "string", "partId": "string", "status": "string", "revision": "integer", "format": "string",
        "uploadDate": {"timestamp": "string"},
        "deployDate": {"=": nullable(json!({"timestamp": "string"}))},
        "obsoleteDate": {"=": nullable(json!({"timestamp": "string"}))},
        "owner": {"_id": "string", "firstname": "string", "lastname": "string"},
        "onBehalfOf": {"=": nullable(json!({"_id": "string", "name": "string"}))},
        "zones": ["string"], "changes": "string", "newRelease": "boolean", "referenceOnly": "boolean", "bypassManagement": "boolean",
        "approvals": {"=": {"type": "object", "additionalProperties": plantdoc_core::openapi::shape(review)}},
        "contentHash": "string", "hasVideo": "boolean",
        "opsSigned": [{"=": SignRecord::schema()}],
        "urls": "any",
        "details": {"id": "string"},
    }));
    if with_urls {
        s["properties"]["urls"] = urls_schema();
    }
    s
}

/// The kiosk's SWP: `id` beside `_id`, with links.
fn kiosk_swp_schema() -> Value {
    let mut s = swp_schema(true);
    s["properties"]["id"] = json!({"type": "string"});
    s["required"].as_array_mut().unwrap().push(json!("id"));
    s
}
