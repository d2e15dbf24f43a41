//! The one place that answers errors in the caller's language (decision 81): the
//! layer around every route reads `Accept-Language`, learns the signed-in person's
//! language from the session layer ([`UserLang`] on the answer), picks one with
//! `I18nSettings::pick`, and translates an error answer's messages (`{error}` and each
//! field's) from the catalogs. English answers pass untouched, byte for byte.
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{ACCEPT_LANGUAGE, CONTENT_LENGTH, CONTENT_TYPE};
use axum::middleware::Next;
use axum::response::Response;

use crate::app::auth::oidc::page::{html, RefusalPage};
use crate::app::plugin::Module;
use crate::app::AppState;
use crate::base::catalog::Catalogs;

/// The core's catalogs, by language (`core/locales/<lang>.toml`).
pub const CORE_LOCALES: &[(&str, &str)] = &[
    ("es", include_str!("../../../locales/es.toml")),
    ("pl", include_str!("../../../locales/pl.toml")),
];

/// `english` in `user`'s language (theirs, else the plant's, as the web picks it), when
/// a catalog has it: the names of things an answer carries for a person to read (a kind
/// of event), beside the errors this layer translates.
pub fn for_person(state: &AppState, user: &crate::auth::users::User, english: &str) -> String {
    let lang = state.settings.i18n.pick(None, Some(user.lang.as_str()).filter(|l| !l.is_empty()));
    state.catalogs.translate(lang, english).unwrap_or_else(|| english.to_string())
}

/// Marks a successful answer whose texts a person reads (`{message}`): translated too.
#[derive(Clone, Copy, Debug)]
pub struct Translate;

/// A successful JSON answer with a message for a person, translated like the errors.
pub fn message(body: serde_json::Value) -> Response {
    let mut resp = axum::response::IntoResponse::into_response(axum::Json(body));
    resp.extensions_mut().insert(Translate);
    resp
}

/// The signed-in caller's `users.lang`, set on the answer by the session layer.
#[derive(Clone, Debug)]
pub struct UserLang(pub String);

/// The core's catalogs and every module's (enabled or not: a catalog is only words).
pub fn catalogs(modules: &[Module]) -> anyhow::Result<Catalogs> {
    let mut c = Catalogs::default();
    for (lang, text) in CORE_LOCALES {
        c.add(lang, &format!("core/locales/{lang}.toml"), text)?;
    }
    for m in modules {
        for (lang, text) in &m.built.locales {
            c.add(lang, &format!("plugins/{}/locales/{lang}.toml", m.manifest.id), text)?;
        }
    }
    Ok(c)
}

/// `GET /api/i18n` (public: the sign-in page asks it): `[i18n]` as the web reads it.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct PlantLanguages {
    /// New users' language and the page's before anyone signs in.
    default: String,
    languages: Vec<String>,
}

pub async fn plant(State(state): State<AppState>) -> axum::Json<PlantLanguages> {
    let i = &state.settings.i18n;
    axum::Json(PlantLanguages { default: i.default.clone(), languages: i.languages.clone() })
}

/// Largest error answer translated (they are a few hundred bytes).
const MAX_ERROR_BODY: usize = 256 * 1024;

/// Layer: an error answer (4xx, 5xx) in JSON, or one marked [`Translate`], comes in the
/// caller's language.
pub async fn translate(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let accept =
        req.headers().get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let resp = next.run(req).await;
    let status = resp.status();
    if !(status.is_client_error()
        || status.is_server_error()
        || resp.extensions().get::<Translate>().is_some())
    {
        return resp;
    }
    let user = resp.extensions().get::<UserLang>().map(|l| l.0.clone());
    let lang = state.settings.i18n.pick(accept.as_deref(), user.as_deref());
    // The single sign-on refusal page (HTML): said again in the caller's language.
    if let Some(page) = resp.extensions().get::<RefusalPage>().cloned() {
        if lang == "en" {
            return resp;
        }
        let (mut parts, _) = resp.into_parts();
        parts.headers.remove(CONTENT_LENGTH);
        let tr = |s: &str| state.catalogs.translate(lang, s).unwrap_or_else(|| s.to_string());
        return Response::from_parts(parts, Body::from(html(&page, lang, tr)));
    }
    let is_json = resp
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if lang == "en" || !is_json {
        return resp;
    }
    let lang = lang.to_string();
    let (mut parts, body) = resp.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_ERROR_BODY).await {
        Ok(b) => b,
        Err(e) => {
            tracing::warn!(error = %e, "error answer not translated: unreadable body");
            parts.headers.remove(CONTENT_LENGTH);
            return Response::from_parts(parts, Body::empty());
        }
    };
    let mut value: serde_json::Value = match serde_json::from_slice(&bytes) {
        Ok(v) => v,
        Err(_) => return Response::from_parts(parts, Body::from(bytes)),
    };
    if !state.catalogs.translate_body(&lang, &mut value) {
        return Response::from_parts(parts, Body::from(bytes));
    }
    parts.headers.remove(CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(value.to_string()))
}
