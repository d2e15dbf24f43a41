//! The page a browser sees when a single sign-on is refused: what happened, in words the
//! person (or their IT department) can act on, and the way back to the sign-in page.
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

pub fn refusal(status: StatusCode, message: &str) -> Response {
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>Sign-in refused - Plantdoc</title></head><body style=\"font-family:sans-serif;max-width:36em;margin:4em auto;padding:0 1em\">\
         <h1>Plantdoc</h1><p role=\"alert\" id=\"sso-refusal\">{}</p><p><a href=\"/login\">Back to the sign-in page</a></p></body></html>",
        escape(message)
    );
    let mut r = (status, body).into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}
