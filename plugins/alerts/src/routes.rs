//! HTTP routes of the alerts module (spec section 7 'Alerts' and the kiosk's two feeds).
//! Console by default; the feeds are for console and kiosk. Each handler applies `access`.
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

use crate::model::Alert;

use crate::schemas as sc;
use crate::{kiosk, lists, submit};

pub fn routes() -> ApiRouter {
    ApiRouter::new("alerts")
        // A printed copy's QR code: no sign-in, the verdict only (copies.rs).
        .tier(Access::Public)
        .get("/api/alerts/copy/{id}", "A printed alert's QR code: an HTML page saying whether it is in force", copy_check::check::<Alert>)
        .answers_as(404, &["text/html"])
        .answers_as(429, &["text/html"])
        .returns_content("text/html", serde_json::json!({"type": "string"}))
        .tier(Access::Console)
        .get("/api/alerts/onBehalfOfUsers", "Process engineers of the caller's company", uploads::on_behalf_users::<Alert>)
        .returns::<Vec<PersonName>>()
        .post(
            "/api/alerts/uploadPond",
            "Upload the alert's PDF (multipart or raw body): {serverId}",
            uploads::upload::<Alert>.layer(DefaultBodyLimit::disable()),
        )
        .multipart()
        .query::<RawQuery>()
        .answers(&[409])
        .returns::<Uploaded>()
        .delete("/api/alerts/uploadPond/{uniqueId}", "Remove one of your pending uploads", uploads::revert::<Alert>)
        .returns::<Reverted>()
        .post("/api/alerts/uploadS3", "Submit an alert from your pending upload", submit::submit)
        .body::<crate::submit_form::SubmitForm>()
        .returns::<sc::One>()
        .get("/api/alerts/part-numbers", "Parts of your company by prefix: {partList: [{_id, partNumber}]}", lists::part_numbers)
        .query::<lists::SuggestQuery>()
        .returns::<plantdoc_core::http::schemas::PartList>()
        .get("/api/alerts/pending-my-approval", "Alerts waiting for your review stage (a list)", lists::pending_my_approval)
        .returns::<Vec<sc::MineAlert>>()
        .get("/api/alerts/signed-url/{alertId}", "A short-lived link to the alert's document (the URL as the body)", lists::signed_url)
        .returns::<String>()
        .post(
            "/api/alerts/{alertId}/translations",
            "Propose a translation of a deployed alert's file for review (multipart: lang, file): {alertId, translations}",
            tr::add::<Alert>.layer(DefaultBodyLimit::disable()),
        )
        .multipart()
        .answers(&[409])
        .returns::<sc::AlertTranslations>()
        .get("/api/alerts/{alertId}/translations", "An alert's translations: served, in review, last rejected: {alertId, translations}", tr::list::<Alert>)
        .returns::<sc::AlertTranslations>()
        .delete(
            "/api/alerts/{alertId}/translations/{lang}",
            "Remove a translation of a deployed alert (served or in review; its file is kept): {alertId, translations}",
            tr::remove_lang::<Alert>,
        )
        .answers(&[404, 409])
        .returns::<sc::AlertTranslations>()
        .delete(
            "/api/alerts/translations/{translationId}",
            "Withdraw one translation (one in review leaves the served one; its file is kept): {alertId, translations}",
            tr::remove_one::<Alert>,
        )
        .answers(&[404, 409])
        .returns::<sc::AlertTranslations>()
        .get("/api/alerts/translations/waiting", "Alert translations waiting for your review stage: {translations}", tr::waiting::<Alert>)
        .returns::<tr_answer::WaitingList>()
        .post("/api/alerts/translations/approve/{translationId}", "Approve your review stage of an alert translation", tr::approve::<Alert>)
        .body::<plantdoc_core::review::ReviewBody>()
        .answers(&[404, 409])
        .returns::<tr_answer::TranslationAnswer>()
        .post("/api/alerts/translations/reject/{translationId}", "Reject an alert translation back to its proposer (note required)", tr::reject::<Alert>)
        .body::<plantdoc_core::review::ReviewBody>()
        .answers(&[404, 409])
        .returns::<tr_answer::TranslationAnswer>()
        .get("/api/alerts/translations/file/{translationId}", "A short-lived link to a translation's file, in any state: {url, status, sha256}", tr::file::<Alert>)
        .answers(&[404])
        .returns::<tr_answer::TranslationFile>()
        .get("/api/alerts/alert/{alertId}", "One alert: {alert}", lists::alert)
        .scoped(Scope::DocumentsRead)
        .returns::<sc::OneViewed>()
        .post("/api/alerts/approve/{alertId}", "Approve your review stage of an alert", review::approve::<Alert>)
        .body::<plantdoc_core::review::ReviewBody>()
        .answers(&[409])
        .returns::<sc::One>()
        .post("/api/alerts/reject/{alertId}", "Reject an alert back to its author (note required)", review::reject::<Alert>)
        .body::<plantdoc_core::review::ReviewBody>()
        .answers(&[409])
        .returns::<sc::One>()
        .get("/api/alerts/user-pending-alerts", "Pending and rejected alerts you see, with approvals and mine", lists::user_pending)
        .returns::<Vec<sc::MineAlert>>()
        .get("/api/alerts/user-deployed-alerts", "Deployed alerts you see (expired included), with opSigned and mine", lists::user_deployed)
        .returns::<Vec<sc::MineAlert>>()
        .get("/api/alerts/deployed", "Deployed alerts not past their sunset", lists::deployed)
        .scoped(Scope::DocumentsRead)
        .returns::<Vec<sc::MineAlert>>()
        .post("/api/alerts/delete-pending", "Delete pending alerts (a list of ids)", review::delete_pending::<Alert>)
        .body::<plantdoc_core::review::DeleteIds<Alert>>()
        .answers(&[404, 409])
        .returns::<Deleted>()
        .post("/api/alerts/delete-deployed", "Remove deployed alerts from the floor (a list of ids)", review::delete_deployed::<Alert>)
        .body::<plantdoc_core::review::DeleteIds<Alert>>()
        .answers(&[404, 409])
        .returns::<Deleted>()
        .get("/api/alerts/signed-ops/{alertId}", "Sign records of an alert: {opList: {opsSigned}}", lists::signed_ops)
        .scoped(Scope::SignaturesRead)
        .returns::<sc::OpList>()
        .tier(Access::Session)
        .get(
            "/api/alerts/search-text",
            "Search inside deployed alerts' documents: {results: [{alertId, alertTag, partNumber, section, page, snippet}], total}",
            crate::text::search_text,
        )
        .query::<plantdoc_core::textindex::SearchQuery>()
        .returns::<plantdoc_core::textindex::TextPage<sc::TextDoc>>()
        .get(
            "/api/alerts/file/{alertId}",
            "A link to the alert's file in a language (?lang=): {url, served: {lang (null: the original), sha256}, translations}",
            crate::translations::file,
        )
        .query::<crate::translations::LangQuery>()
        .returns::<sc::FileLink>()
        .get("/api/alerts/operator-alerts/zone/{zone}", "Kiosk: alerts in force in the zone now, with url", kiosk::zone_feed)
        .returns::<Vec<sc::KioskAlert>>()
        .get(
            "/api/alerts/operator-alerts/{zone}/{operatorId}",
            "Kiosk: alerts in force in the zone the operator has not signed and had verified",
            kiosk::operator_feed,
        )
        .returns::<Vec<sc::KioskAlert>>()
}
