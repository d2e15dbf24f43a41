//! Route registration with documentation and access rules in one place. Every route a
//! module or the core mounts goes through [`ApiRouter`], so the OpenAPI description
//! covers every route and every route is signed-in-only unless declared public.

use axum::handler::Handler;
use axum::http::Method;
use axum::routing::{on, MethodFilter};
use axum::Router;

pub use crate::app::auth::tokens::Scope;
pub use crate::app::openapi::{BodySpec, OpSpec};

use crate::app::AppState;

/// Who may call a route: its tier, declared where the route is. Deny by default: a
/// module's routes are console-only unless declared otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone (sign-in, health, signed links).
    Public,
    /// Signed-in staff (every position but operator), password set. The default.
    Console,
    /// The kiosk: a signed-in operator-position account, password set.
    Kiosk,
    /// Any signed-in user whose password is set (console and kiosk alike).
    Session,
    /// A signed-in user, also while a new password is required.
    AnySession,
}

const TIERS: [Access; 5] =
    [Access::Public, Access::Console, Access::Kiosk, Access::Session, Access::AnySession];

#[derive(Debug, Clone)]
pub struct RouteDoc {
    pub method: Method,
    pub path: String,
    pub summary: String,
    pub tag: String,
    pub access: Access,
    /// The scope an API token needs to call it; `None`: no token may (deny by default).
    pub scope: Option<Scope>,
    /// What the OpenAPI description says of its input and answers.
    pub spec: OpSpec,
}

#[derive(Clone)]
pub struct ApiRouter {
    tag: String,
    tier: Access,
    routers: [Router<AppState>; 5],
    docs: Vec<RouteDoc>,
}

fn idx(a: Access) -> usize {
    TIERS.iter().position(|t| *t == a).unwrap_or(1)
}

impl ApiRouter {
    /// `tag` groups the routes in the OpenAPI description (the module id).
    pub fn new(tag: &str) -> Self {
        Self {
            tag: tag.to_string(),
            tier: Access::Console,
            routers: Default::default(),
            docs: Vec::new(),
        }
    }

    /// The tier of the `get`/`post`/`delete` routes declared after this call.
    pub fn tier(mut self, tier: Access) -> Self {
        self.tier = tier;
        self
    }

    pub fn route<H, T>(
        mut self,
        access: Access,
        method: Method,
        path: &str,
        summary: &str,
        handler: H,
    ) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let filter = MethodFilter::try_from(method.clone()).expect("supported HTTP method");
        let i = idx(access);
        let r = std::mem::take(&mut self.routers[i]);
        self.routers[i] = r.route(path, on(filter, handler));
        self.docs.push(RouteDoc {
            method,
            path: path.to_string(),
            summary: summary.to_string(),
            tag: self.tag.clone(),
            access,
            scope: None,
            spec: OpSpec::default(),
        });
        self
    }

    /// Changes the OpenAPI description of the route declared last.
    fn last(mut self, f: impl FnOnce(&mut OpSpec)) -> Self {
        let d = self.docs.last_mut().expect("a route is declared before its description");
        f(&mut d.spec);
        self
    }

    /// The last route also takes an API token with `scope` (`Authorization: Bearer`).
    /// Only console and session routes may; never an act that signs or approves.
    pub fn scoped(mut self, scope: Scope) -> Self {
        let d = self.docs.last_mut().expect("a route is declared before its scope");
        assert!(
            matches!(d.access, Access::Console | Access::Session),
            "{} {}: only console and session routes take a token",
            d.method,
            d.path
        );
        d.scope = Some(scope);
        d.spec.extra.extend([403, 429]);
        self
    }

    /// The last route, public to the router, checks an API token of `scope` itself (no
    /// session: SCIM, whose refusals have their own shape); the description says so.
    pub fn own_token(mut self, scope: Scope) -> Self {
        let d = self.docs.last_mut().expect("a route is declared before its scope");
        assert!(
            d.access == Access::Public,
            "{} {}: a route that checks its own token is public",
            d.method,
            d.path
        );
        d.scope = Some(scope);
        self
    }

    /// The last route's JSON body: the schema of `T` (derive `utoipa::ToSchema`).
    pub fn body<T: utoipa::ToSchema>(self) -> Self {
        self.last(|s| s.body = Some(BodySpec::Json(crate::app::openapi::schema_of::<T>())))
    }

    /// The last route's JSON body as a JSON Schema value: only for a body no Rust type
    /// describes (a dynamic module's, passed on as bytes). Otherwise `body::<T>()`.
    pub fn body_schema(self, schema: serde_json::Value) -> Self {
        self.last(|s| s.body = Some(BodySpec::Json(schema)))
    }

    /// The last route takes one file: `multipart/form-data` (field `file`) or the raw bytes.
    pub fn multipart(self) -> Self {
        self.last(|s| s.body = Some(BodySpec::Multipart))
    }

    /// The last route takes a text of `content_type` (a CSV) as its raw body.
    pub fn body_text(self, content_type: &str) -> Self {
        self.last(|s| s.body = Some(BodySpec::Text(content_type.into())))
    }

    /// The last route's query parameters: the fields of `T` (derive `utoipa::IntoParams`).
    pub fn query<T: utoipa::IntoParams>(self) -> Self {
        self.last(|s| s.query = crate::app::openapi::params_of::<T>())
    }

    /// The schema of the last route's 200 answer (derive `utoipa::ToSchema`).
    pub fn returns<T: utoipa::ToSchema>(self) -> Self {
        self.last(|s| {
            s.ok = Some(("application/json".into(), crate::app::openapi::schema_of::<T>()))
        })
    }

    /// The schema of the last route's 200 JSON answer as a JSON Schema value: only for an
    /// answer no Rust type describes (a dynamic module's). Otherwise `returns::<T>()`.
    pub fn returns_schema(self, schema: serde_json::Value) -> Self {
        self.last(|s| s.ok = Some(("application/json".into(), schema)))
    }

    /// The last route answers 200 with this content type (a CSV, a file).
    pub fn returns_content(self, content_type: &str, schema: serde_json::Value) -> Self {
        self.last(|s| s.ok = Some((content_type.into(), schema)))
    }

    /// Statuses the last route answers beyond those its tier, method and input imply
    /// (see [`RouteDoc::statuses`]): 409, 429, 413…
    pub fn answers(self, statuses: &[u16]) -> Self {
        self.last(|s| s.extra.extend(statuses.iter().copied()))
    }

    /// The last route answers its errors in a protocol's own shape `T` (SCIM's) as
    /// `content_type`; a 201 with the 200's schema, a 204 with no content.
    pub fn errors_as<T: utoipa::ToSchema>(self, content_type: &str) -> Self {
        let name = T::name().to_string();
        let schema = crate::app::openapi::schema_of::<T>();
        self.last(|s| {
            s.components.push((name.clone(), schema));
            s.errors = Some((content_type.into(), name));
        })
    }

    /// The last route answers with a redirect (302, a `Location`, no body) where others
    /// answer 200: a browser's step, not an API call.
    pub fn redirects(self) -> Self {
        self.last(|s| s.redirect = true)
    }

    /// The last route answers `status` with these content types (a page: `text/html`),
    /// instead of only the usual JSON error; `application/json` keeps that error's schema.
    pub fn answers_as(self, status: u16, content_types: &[&str]) -> Self {
        self.last(|s| {
            s.extra.insert(status);
            s.content.insert(status, content_types.iter().map(|c| c.to_string()).collect());
        })
    }

    pub fn get<H: Handler<T, AppState>, T: 'static>(self, path: &str, summary: &str, h: H) -> Self {
        let tier = self.tier;
        self.route(tier, Method::GET, path, summary, h)
    }
    pub fn post<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &str,
        summary: &str,
        h: H,
    ) -> Self {
        let tier = self.tier;
        self.route(tier, Method::POST, path, summary, h)
    }
    pub fn delete<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &str,
        summary: &str,
        h: H,
    ) -> Self {
        let tier = self.tier;
        self.route(tier, Method::DELETE, path, summary, h)
    }

    /// A module's routes answer 404 while the module is switched off.
    pub fn switchable(mut self) -> Self {
        for d in &mut self.docs {
            d.spec.extra.insert(404);
        }
        self
    }

    pub fn merge(mut self, other: ApiRouter) -> Self {
        for (i, r) in other.routers.into_iter().enumerate() {
            let mine = std::mem::take(&mut self.routers[i]);
            self.routers[i] = mine.merge(r);
        }
        self.docs.extend(other.docs);
        self
    }

    pub fn docs(&self) -> &[RouteDoc] {
        &self.docs
    }

    /// The axum router with the access layers applied.
    pub fn into_router(self, state: &AppState) -> (Router<AppState>, Vec<RouteDoc>) {
        use crate::app::auth::tokens as t;
        let scopes: t::RouteScopes = std::sync::Arc::new(
            self.docs
                .iter()
                .filter(|d| d.access != Access::Public)
                .filter_map(|d| Some(((d.method.clone(), d.path.clone()), d.scope?)))
                .collect(),
        );
        let mut out = Router::new();
        for (tier, r) in TIERS.into_iter().zip(self.routers) {
            // axum refuses a route layer on a router with no routes.
            if !self.docs.iter().any(|d| d.access == tier) {
                continue;
            }
            use crate::app::auth::session as s;
            use axum::middleware::{from_fn, from_fn_with_state as layer};
            let st = state.clone();
            let sc = (st.clone(), scopes.clone());
            out = out.merge(match tier {
                Access::Public => r,
                Access::Console => r.route_layer(layer(sc, t::console)),
                Access::Kiosk => {
                    r.route_layer(layer(st, s::require_kiosk)).route_layer(from_fn(t::refuse))
                }
                Access::Session => r.route_layer(layer(sc, t::any_user)),
                Access::AnySession => {
                    r.route_layer(layer(st, s::require_any_session)).route_layer(from_fn(t::refuse))
                }
            });
        }
        (out, self.docs)
    }
}

/// The OpenAPI description of the given routes (see [`crate::app::openapi`]).
pub fn openapi(docs: &[RouteDoc]) -> serde_json::Value {
    crate::app::openapi::document(docs)
}
