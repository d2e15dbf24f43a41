//! HTTP routes of the training module (spec section 7, 'Training', and the kiosk's
//! level). Console by default; the kiosk's call is for any session. Each handler then
//! applies `access`.
use plantdoc_core::api::Access;
use plantdoc_core::ApiRouter;
use serde_json::json;

use crate::schemas as sc;
use crate::{edit, gaps, lines, matrix, requests, waivers};

pub fn routes() -> ApiRouter {
    ApiRouter::new("training")
        .get("/api/training/swp-list", "Catalogue parts of your company: [{_id, partNumber}] (searchTerm: a prefix)", matrix::swp_list)
        .query::<matrix::ListQuery>()
        .returns::<Vec<plantdoc_core::http::schemas::PartRef>>()
        .get(
            "/api/training/operator-list",
            "Operators of your company (people, not the kiosk): [{_id, opNo, fullName}]",
            matrix::operator_list,
        )
        .returns::<Vec<sc::Operator>>()
        .post(
            "/api/training/add",
            "Add Training form: set an operator's level on a part in the matrices of your zones holding both",
            lines::add,
        )
        .body::<requests::AddTraining>()
        .answers(&[404, 409])
        .returns::<sc::Added>()
        .get("/api/training/matrix/shift/{shift}/cell/{cell}/zone/{zone}", "A training matrix: {partList, matrix}", matrix::matrix)
        .returns::<sc::Matrix>()
        .get("/api/training/matrix/export/shift/{shift}/cell/{cell}/zone/{zone}", "A training matrix as CSV", matrix::export_csv)
        .returns_content("text/csv", json!({"type": "string"}))
        .post("/api/training/matrix/edit/block", "Set a block's level: {blockId, squares}", edit::edit_block)
        .body::<requests::BlockEdit>()
        .answers(&[404, 409])
        .returns::<sc::BlockSet>()
        .post("/api/training/matrix/add/genesis-block", "The first record of an empty matrix", edit::genesis)
        .body::<requests::Genesis>()
        .answers(&[409])
        .returns::<sc::Genesis>()
        .post("/api/training/matrix/add/part", "Add a part column", edit::add_part)
        .body::<requests::NewColumn>()
        .answers(&[404, 409])
        .returns::<sc::PartAdded>()
        .post("/api/training/matrix/add/op", "Add an operator row", edit::add_op)
        .body::<requests::NewRow>()
        .answers(&[404, 409])
        .returns::<sc::OpAdded>()
        .delete("/api/training/matrix/delete/op", "Remove an operator row: {opId, shift, cell, zone}", lines::delete_op)
        .body::<requests::OpLine>()
        .answers(&[404, 409])
        .returns::<sc::Deleted>()
        .delete("/api/training/matrix/delete/part", "Remove a part column: {partNumber, shift, cell, zone}", lines::delete_part)
        .body::<requests::PartLine>()
        .answers(&[404, 409])
        .returns::<sc::Deleted>()
        .post("/api/training/certs/op", "An operator's certification target", lines::certs_op)
        .body::<requests::OpTarget>()
        .answers(&[404, 409])
        .returns::<sc::CertsOp>()
        .post("/api/training/certs/part", "A part's certification target", lines::certs_part)
        .body::<requests::PartTarget>()
        .answers(&[404, 409])
        .returns::<sc::CertsPart>()
        .post(
            "/api/training/waivers",
            "Waive the gate for an operator on a part: {opId, partNumber, reason, days} (days at most modules.training.waiver_max_days)",
            waivers::grant,
        )
        .body::<requests::WaiverGrant>()
        .answers(&[404, 409])
        .returns::<waivers::Waiver>()
        .get("/api/training/waivers", "The company's waivers, newest first (opId, partNumber: filters)", waivers::list)
        .query::<waivers::ListQuery>()
        .returns::<Vec<waivers::Waiver>>()
        .post("/api/training/waivers/{id}/revoke", "End a waiver now", waivers::revoke)
        .answers(&[404, 409])
        .returns::<waivers::Waiver>()
        .get(
            "/api/training/gaps",
            "Cells that need attention (below-target, expiring within within_days, requalify) in a zone's matrices (zone: A1 to D3, empty: all)",
            gaps::gaps,
        )
        .query::<gaps::GapsQuery>()
        .returns::<Vec<gaps::Gap>>()
        .tier(Access::Session)
        .get(
            "/api/training/op/squares/opId/{opId}/part-number/{partNumber}",
            "Kiosk: an operator's training level on a part: {squares} (5 unless modules.training.gate)",
            matrix::kiosk_squares,
        )
        .returns::<sc::Squares>()
}
