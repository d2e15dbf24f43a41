//! HTTP routes of the training module (spec section 7, 'Training', and the kiosk's
//! level). Console by default; the kiosk's call is for any session. Each handler then
//! applies `access`.
use plantdoc_core::api::Access;
use plantdoc_core::ApiRouter;
use serde_json::{json, Value};

use crate::{edit, lines, matrix};

pub fn routes() -> ApiRouter {
    ApiRouter::new("training")
        .get("/api/training/swp-list", "Catalogue parts of your company: [{_id, partNumber}] (searchTerm: a prefix)", matrix::swp_list)
        .query::<matrix::ListQuery>()
        .returns_shape(json!([{"_id": "string", "partNumber": "string"}]))
        .get("/api/training/operator-list", "Operators of your company (people, not the kiosk): [{_id, opNo, fullName}]", matrix::operator_list)
        .returns_shape(json!([{"_id": "string", "opNo": "string", "fullName": "string"}]))
        .post("/api/training/add", "Add Training form: set an operator's level on a part in the matrices of your zones holding both", lines::add)
        .body_schema(object(&["opId", "partNumber", "level"])).answers(&[404, 409])
        .returns_shape(json!({"partNumber": "string", "op": "string", "squares": "integer", "matrices": [{"shift": "integer", "cell": "string", "zone": "integer"}]}))
        .get("/api/training/matrix/shift/{shift}/cell/{cell}/zone/{zone}", "A training matrix: {partList, matrix}", matrix::matrix)
        .returns_shape(matrix_shape())
        .get("/api/training/matrix/export/shift/{shift}/cell/{cell}/zone/{zone}", "A training matrix as CSV", matrix::export_csv)
        .returns_content("text/csv", json!({"type": "string"}))
        .post("/api/training/matrix/edit/block", "Set a block's level: {blockId, squares}", edit::edit_block)
        .body_schema(object(&["blockId", "squares"])).answers(&[404, 409])
        .returns_shape(json!({"_id": "string", "squares": "integer", "previous": "integer"}))
        .post("/api/training/matrix/add/genesis-block", "The first record of an empty matrix", edit::genesis)
        .body_schema(object(&["shift", "cell", "zone"])).answers(&[409])
        .returns_shape(json!({"_id": "string", "squares": "integer"}))
        .post("/api/training/matrix/add/part", "Add a part column", edit::add_part)
        .body_schema(object(&["shift", "cell", "zone", "part", "partNumber"])).answers(&[404, 409])
        .returns_shape(json!({"_id": "string", "part": {"partNumber": "string", "partDesc": "string", "partRotation": "integer", "certTarget": "integer"}}))
        .post("/api/training/matrix/add/op", "Add an operator row", edit::add_op)
        .body_schema(object(&["shift", "cell", "zone", "opId"])).answers(&[404, 409])
        .returns_shape(json!({"_id": "string", "op": {"opId": "string", "opNumber": "string", "opName": "string", "certTarget": "integer"}}))
        .delete("/api/training/matrix/delete/op", "Remove an operator row: {opId, shift, cell, zone}", lines::delete_op)
        .body_schema(object(&["opId", "shift", "cell", "zone"])).answers(&[404, 409])
        .returns_shape(json!({"deleted": "string"}))
        .delete("/api/training/matrix/delete/part", "Remove a part column: {partNumber, shift, cell, zone}", lines::delete_part)
        .body_schema(object(&["partNumber", "shift", "cell", "zone"])).answers(&[404, 409])
        .returns_shape(json!({"deleted": "string"}))
        .post("/api/training/certs/op", "An operator's certification target", lines::certs_op)
        .body_schema(object(&["opNumber"])).answers(&[404, 409])
        .returns_shape(json!({"certTargetOpHours": "integer"}))
        .post("/api/training/certs/part", "A part's certification target", lines::certs_part)
        .body_schema(object(&["partNumber"])).answers(&[404, 409])
        .returns_shape(json!({"certTargetPartHours": "integer"}))
        .tier(Access::Session)
        .get(
            "/api/training/op/squares/opId/{opId}/part-number/{partNumber}",
            "Kiosk: an operator's training level on a part: {squares} (5 unless modules.training.gate)",
            matrix::kiosk_squares,
        )
        .returns_shape(json!({"squares": "integer"}))
}

/// A JSON object naming the fields a handler reads (it reads them leniently, numbers as
/// numbers or strings, and answers a field map naming each bad one).
fn object(fields: &[&str]) -> Value {
    let props: serde_json::Map<String, Value> = fields.iter().map(|f| (f.to_string(), json!({}))).collect();
    json!({"type": "object", "properties": props})
}

/// A training matrix: its part columns and operator rows with their cells.
fn matrix_shape() -> Value {
    json!({
        "partList": [{"_id": "string", "partId": "string", "partNumber": "string", "partDesc": "string", "partRotation": "integer", "certTarget": "integer", "certCount": "integer"}],
        "matrix": [{
            "_id": "string", "opId": "string", "opNumber": "string", "opName": "string", "certTarget": "integer", "certCount": "integer",
            "rowData": [{"_id": "string", "op": "string", "squares": "integer", "certTargetOpHours": "integer"}],
        }],
    })
}
