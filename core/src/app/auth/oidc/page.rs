//! The page a browser sees when a single sign-on is refused: what happened, in words the
//! person (or their IT department) can act on, and the way back to the sign-in page.
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::text;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// What a refusal page says, and where its link goes, kept on the answer so the language
/// layer can say it again in the caller's language (`app::http::lang`).
#[derive(Clone)]
pub struct RefusalPage {
    pub message: String,
    pub back: &'static str,
}

/// The sign-in page; with its password form shown also when password sign-in is off.
pub const SIGN_IN: &str = "/login";
pub const SIGN_IN_WITH_PASSWORD: &str = "/login?local";

const TITLE: &str = text!("Sign-in refused");
const BACK: &str = text!("Back to the sign-in page");

/// The page's HTML in `lang`, each text through `tr` (English: as written).
pub fn html(page: &RefusalPage, lang: &str, tr: impl Fn(&str) -> String) -> String {
    format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>{} - Plantdoc</title></head><body style=\"font-family:sans-serif;max-width:36em;margin:4em auto;padding:0 1em\">\
         <h1>Plantdoc</h1><p role=\"alert\" id=\"sso-refusal\">{}</p><p><a href=\"{}\">{}</a></p></body></html>",
        escape(lang),
        escape(&tr(TITLE)),
        escape(&tr(&page.message)),
        escape(page.back),
        escape(&tr(BACK))
    )
}

pub fn refusal(status: StatusCode, message: &str) -> Response {
    refusal_to(status, message, SIGN_IN)
}

/// A refusal page whose link goes to `back` (one of the sign-in page's addresses).
pub fn refusal_to(status: StatusCode, message: &str, back: &'static str) -> Response {
    let page = RefusalPage { message: message.to_string(), back };
    let mut r = (status, html(&page, "en", str::to_string)).into_response();
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r.extensions_mut().insert(page);
    r
}
