//! HTTP routes of the SWPs module (spec section 7, the kiosk's calls and the sign
//! histories). The tier is declared here: console by default, console and kiosk where
//! the kiosk calls too; each handler then applies `access`.
use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use plantdoc_core::api::{Access, Scope};
use plantdoc_core::copy_check;
use plantdoc_core::http::schemas::{Deleted, PersonName, RawQuery, Reverted, Uploaded};
use plantdoc_core::ApiRouter;

use plantdoc_core::review::engine as review;
use plantdoc_core::review::translations::answer as tr_answer;
use plantdoc_core::review::translations::http as tr;
use plantdoc_core::review::uploads;

use crate::model::Swp;

use crate::schemas as sc;
use crate::{history, lifecycle, lists, submit, text, upload, viewer};

pub fn routes() -> ApiRouter {
    ApiRouter::new("swp")
        // A printed copy's QR code: no sign-in, the verdict only (copies.rs).
        .tier(Access::Public)
        .get("/api/swps/copy/{id}", "A printed SWP's QR code: an HTML page saying whether its revision is the current one", copy_check::check::<Swp>)
        .answers_as(404, &["text/html"])
        .answers_as(429, &["text/html"])
        .returns_content("text/html", serde_json::json!({"type": "string"}))
        .tier(Access::Console)
        .get("/api/swps/onBehalfOfUsers", "Process engineers of the caller's company", uploads::on_behalf_users::<Swp>)
        .returns::<Vec<PersonName>>()
        .get(
            "/api/swps/catalogue-part-numbers",
            "The Upload form's part field: catalogue parts by prefix: {partList: [{_id, partNumber}]}",
            lists::catalogue_part_numbers,
        )
        .query::<lists::SuggestQuery>()
        .returns::<plantdoc_core::http::schemas::PartList>()
        // Uploads stream past the JSON body limit; their own limit applies (413).
        .post(
            "/api/swps/uploadPdf",
            "Upload one PDF (multipart or raw body): {serverId}",
            uploads::upload::<Swp>.layer(DefaultBodyLimit::disable()),
        )
        .multipart()
        .query::<RawQuery>()
        .answers(&[409])
        .returns::<Uploaded>()
        .post(
            "/api/swps/uploadVideo",
            "Upload one MP4/WebM video (multipart or raw body): {serverId}",
            upload::upload_video.layer(DefaultBodyLimit::disable()),
        )
        .multipart()
        .query::<RawQuery>()
        .answers(&[409])
        .returns::<Uploaded>()
        .delete("/api/swps/uploadPond/{serverId}", "Remove one of your pending uploads", uploads::revert::<Swp>)
        .returns::<Reverted>()
        .post("/api/swps/uploadS3", "Submit an SWP from your pending uploads", submit::submit)
        .body::<crate::submit_form::SubmitForm>()
        .returns::<sc::OneWithUrls>()
        .get("/api/swps/pending-my-approval", "SWPs waiting for your review, with document links", lists::pending_my_approval)
        .returns::<sc::PendingMine>()
        .get("/api/swps/signed-urls/{swpId}", "Short-lived links to an SWP's documents (?lang=: its translations, and `served`)", viewer::signed_urls)
        .query::<crate::served::LangQuery>()
        .returns::<sc::SignedUrls>()
        .post(
            "/api/swps/{swpId}/translations",
            "Propose a translated SWC, JES or VIS of a deployed revision for review (multipart: section, lang, file): {swp}",
            tr::add::<Swp>.layer(DefaultBodyLimit::disable()),
        )
        .multipart()
        .answers(&[409])
        .returns::<sc::OneWithUrls>()
        .get(
            "/api/swps/{swpId}/translations/missing",
            "The sections and languages the revision it follows is translated into and this one is not yet: {from, missing}",
            tr::missing::<Swp>,
        )
        .answers(&[404])
        .returns::<tr_answer::Untranslated>()
        .delete(
            "/api/swps/{swpId}/translations/{section}/{lang}",
            "Remove a translation of a deployed revision (served or in review; its file is kept): {swp}",
            tr::remove_section::<Swp>,
        )
        .answers(&[404, 409])
        .returns::<sc::OneWithUrls>()
        .delete(
            "/api/swps/translations/{translationId}",
            "Withdraw one translation (one in review leaves the served one; its file is kept): {swp}",
            tr::remove_one::<Swp>,
        )
        .answers(&[404, 409])
        .returns::<sc::OneWithUrls>()
        .get("/api/swps/translations/waiting", "SWP translations waiting for your review stage: {translations}", tr::waiting::<Swp>)
        .returns::<tr_answer::WaitingList>()
        .post("/api/swps/translations/approve/{translationId}", "Approve your review stage of an SWP translation", tr::approve::<Swp>)
        .body::<plantdoc_core::review::ReviewBody>()
        .answers(&[404, 409])
        .returns::<tr_answer::TranslationAnswer>()
        .post("/api/swps/translations/reject/{translationId}", "Reject an SWP translation back to its proposer (note required)", tr::reject::<Swp>)
        .body::<plantdoc_core::review::ReviewBody>()
        .answers(&[404, 409])
        .returns::<tr_answer::TranslationAnswer>()
        .get("/api/swps/translations/file/{translationId}", "A short-lived link to a translation's file, in any state: {url, status, sha256}", tr::file::<Swp>)
        .answers(&[404])
        .returns::<tr_answer::TranslationFile>()
        .get("/api/swps/swp/{swpId}", "One SWP", viewer::swp)
        .scoped(Scope::DocumentsRead)
        .returns::<sc::OneViewed>()
        .post("/api/swps/approve/{swpId}", "Approve your review stage of an SWP", review::approve::<Swp>)
        .body::<plantdoc_core::review::ReviewBody>()
        .answers(&[409])
        .returns::<sc::One>()
        .post("/api/swps/reject/{swpId}", "Reject an SWP back to its author (note required)", review::reject::<Swp>)
        .body::<plantdoc_core::review::ReviewBody>()
        .answers(&[409])
        .returns::<sc::One>()
        .get("/api/swps/user-pending-swps", "Your SWPs in review or rejected", lists::user_pending)
        .returns::<Vec<sc::SwpJson>>()
        .get("/api/swps/pending-swps", "Every pending SWP you see", lists::all_pending)
        .returns::<Vec<sc::SwpJson>>()
        .post("/api/swps/delete-pending", "Delete pending SWPs (a list of ids)", review::delete_pending::<Swp>)
        .body::<plantdoc_core::review::DeleteIds<Swp>>()
        .answers(&[404, 409])
        .returns::<Deleted>()
        .get("/api/swps/user-deployed-swps", "Your deployed SWPs", lists::user_deployed)
        .returns::<Vec<sc::SwpJson>>()
        .post("/api/swps/delete-deployed", "Remove deployed SWPs from the floor (a list of ids)", review::delete_deployed::<Swp>)
        .body::<plantdoc_core::review::DeleteIds<Swp>>()
        .answers(&[404, 409])
        .returns::<Deleted>()
        .get("/api/swps/deployed-swps-paginated", "A page of deployed SWPs: {results, total}", lists::deployed_paginated)
        .scoped(Scope::DocumentsRead)
        .query::<lists::PageQuery>()
        .returns::<sc::Page>()
        .get("/api/swps/deployed-swp-list", "Deployed SWPs by part number (at most 1000)", lists::deployed_list)
        .scoped(Scope::DocumentsRead)
        .query::<lists::ListQuery>()
        .returns::<Vec<sc::SwpJson>>()
        .post("/api/swps/edit/{swpId}", "Change a deployed SWP's zones", lifecycle::edit)
        .body::<lifecycle::EditBody>()
        .answers(&[409])
        .returns::<sc::One>()
        .get("/api/swps/revisions/{swpId}", "The SWP's part's deployed and obsolete revisions, newest first (Compare)", crate::compare::revisions)
        .scoped(Scope::DocumentsRead)
        .returns::<sc::Revisions>()
        .get("/api/swps/signed-ops/{swpId}", "Sign records of an SWP: {opList: {opsSigned}}", viewer::signed_ops)
        .scoped(Scope::SignaturesRead)
        .returns::<sc::OpList>()
        .get(
            "/api/island/obsolete-sign-history/{partNumber}",
            "Sign records of the part's revisions superseded within 90 days: [{createdDate, changes, changeRequest, opsSigned}]",
            history::obsolete_sign_history,
        )
        .returns::<Vec<sc::ObsoleteRevision>>()
        .get(
            "/api/swps/audit-file/{file}",
            "The auditor's file of a part ({partNumber}.pdf or .csv; ?from=&to= YYYY-MM-DD): revisions, documents' SHA-256, reviews, deploys, signatures, the audit chain's check",
            crate::audit_file::audit_file,
        )
        .answers(&[400, 404])
        .returns_content("application/pdf", serde_json::json!({"type": "string", "format": "binary", "description": "the PDF; text/csv for .csv"}))
        .get(
            "/api/swps/package/{file}",
            "The part's deployed revision as one file to keep ({partNumber}.zip): its PDFs as controlled copies, translations, video and manifest.json with each file's SHA-256",
            crate::package::package,
        )
        .scoped(Scope::DocumentsRead)
        .answers(&[404])
        .returns_content("application/zip", serde_json::json!({"type": "string", "format": "binary", "description": "the zip"}))
        .tier(Access::Session)
        .get(
            "/api/swps/search-text",
            "Search inside deployed SWPs' documents: {results: [{swpId, partNumber, revision, section, page, snippet}], total}",
            text::search_text,
        )
        .query::<plantdoc_core::textindex::SearchQuery>()
        .returns::<plantdoc_core::textindex::TextPage<sc::TextDoc>>()
        .get(
            "/api/swps/deployed-swp-part-numbers",
            "Deployed parts by prefix: {swpList: [{_id (catalogue part id), partNumber}]}",
            lists::part_numbers,
        )
        .query::<lists::SuggestQuery>()
        .returns::<sc::SwpList>()
        .get("/api/swps/deployed-swp", "Kiosk: the part's deployed SWP (partId: a catalogue part id): {details}", viewer::deployed_swp)
        .query::<viewer::PartQuery>()
        .answers(&[404])
        .returns::<sc::KioskDetails>()
        .get("/api/swps/swp-with-urls/{swpId}", "Kiosk: a deployed SWP with links (?lang=: its translations, and `served`): {swp}", viewer::swp_with_urls)
        .query::<crate::served::LangQuery>()
        .returns::<sc::KioskOne>()
        .tier(Access::Kiosk)
        .get(
            "/api/swps/last-signed/{swpId}/{opId}",
            "Kiosk: the revision of the SWP's part the operator signed last, with links (What changed): {lastSigned}",
            crate::compare::last_signed,
        )
        .answers(&[403, 404])
        .returns::<sc::LastSigned>()
        .tier(Access::Session)
        .get(
            "/api/island/sign-history/{partNumberId}",
            "Sign records of a deployed SWP (an SWP id or a catalogue part id), with its revision and why it was made: {opsSigned, revision, changes, changeRequest}",
            history::sign_history,
        )
        .returns::<sc::SignHistory>()
}
