//! Route registration with documentation and access rules in one place. Every route a
//! module or the core mounts goes through [`ApiRouter`], so the OpenAPI description
//! covers every route and every route is signed-in-only unless declared public.
use std::collections::BTreeMap;

use axum::handler::Handler;
use axum::http::Method;
use axum::routing::{on, MethodFilter};
use axum::Router;
use utoipa::openapi::path::{OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::{
    HttpMethod, InfoBuilder, ObjectBuilder, OpenApi, OpenApiBuilder, PathItem, PathsBuilder, Required,
    ResponseBuilder, ResponsesBuilder, Type,
};

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

const TIERS: [Access; 5] = [Access::Public, Access::Console, Access::Kiosk, Access::Session, Access::AnySession];

#[derive(Debug, Clone)]
pub struct RouteDoc {
    pub method: Method,
    pub path: String,
    pub summary: String,
    pub tag: String,
    pub access: Access,
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
        Self { tag: tag.to_string(), tier: Access::Console, routers: Default::default(), docs: Vec::new() }
    }

    /// The tier of the `get`/`post`/`delete` routes declared after this call.
    pub fn tier(mut self, tier: Access) -> Self {
        self.tier = tier;
        self
    }

    pub fn route<H, T>(mut self, access: Access, method: Method, path: &str, summary: &str, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let filter = MethodFilter::try_from(method.clone()).expect("supported HTTP method");
        let i = idx(access);
        let r = std::mem::take(&mut self.routers[i]);
        self.routers[i] = r.route(path, on(filter, handler));
        self.docs.push(RouteDoc { method, path: path.to_string(), summary: summary.to_string(), tag: self.tag.clone(), access });
        self
    }

    pub fn get<H: Handler<T, AppState>, T: 'static>(self, path: &str, summary: &str, h: H) -> Self {
        let tier = self.tier;
        self.route(tier, Method::GET, path, summary, h)
    }
    pub fn post<H: Handler<T, AppState>, T: 'static>(self, path: &str, summary: &str, h: H) -> Self {
        let tier = self.tier;
        self.route(tier, Method::POST, path, summary, h)
    }
    pub fn delete<H: Handler<T, AppState>, T: 'static>(self, path: &str, summary: &str, h: H) -> Self {
        let tier = self.tier;
        self.route(tier, Method::DELETE, path, summary, h)
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
        use crate::auth::session as s;
        let mut out = Router::new();
        for (tier, r) in TIERS.into_iter().zip(self.routers) {
            // axum refuses a route layer on a router with no routes.
            if !self.docs.iter().any(|d| d.access == tier) {
                continue;
            }
            use axum::middleware::from_fn_with_state as layer;
            let st = state.clone();
            out = out.merge(match tier {
                Access::Public => r,
                Access::Console => r.route_layer(layer(st, s::require_console)),
                Access::Kiosk => r.route_layer(layer(st, s::require_kiosk)),
                Access::Session => r.route_layer(layer(st, s::require_session)),
                Access::AnySession => r.route_layer(layer(st, s::require_any_session)),
            });
        }
        (out, self.docs)
    }
}

/// The OpenAPI description of the given routes.
pub fn openapi(docs: &[RouteDoc]) -> OpenApi {
    let mut by_path: BTreeMap<&str, Vec<&RouteDoc>> = BTreeMap::new();
    for d in docs {
        by_path.entry(&d.path).or_default().push(d);
    }
    let mut paths = PathsBuilder::new();
    for (path, routes) in by_path {
        let mut item: Option<PathItem> = None;
        for d in routes {
            let mut op = OperationBuilder::new()
                .summary(Some(d.summary.clone()))
                .tag(d.tag.clone())
                .operation_id(Some(format!("{}_{}", d.method.as_str().to_lowercase(), op_name(path))));
            for p in path.split('/').filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}'))) {
                op = op.parameter(
                    ParameterBuilder::new()
                        .name(p)
                        .parameter_in(ParameterIn::Path)
                        .required(Required::True)
                        .schema(Some(ObjectBuilder::new().schema_type(Type::String))),
                );
            }
            let mut responses = ResponsesBuilder::new()
                .response("200", ResponseBuilder::new().description("Success"))
                .response("400", ResponseBuilder::new().description("Field errors: a field → message map"));
            if d.access != Access::Public {
                responses = responses
                    .response("401", ResponseBuilder::new().description("Not signed in"))
                    .response("403", ResponseBuilder::new().description("Not allowed"));
            }
            let op = op.responses(responses.build()).build();
            let m = http_method(&d.method);
            let next = PathItem::new(m, op);
            item = Some(match item {
                None => next,
                Some(mut it) => {
                    it.merge_operations(next);
                    it
                }
            });
        }
        if let Some(it) = item {
            paths = paths.path(path, it);
        }
    }
    OpenApiBuilder::new()
        .info(InfoBuilder::new().title("Plantdoc").version(env!("CARGO_PKG_VERSION")).build())
        .paths(paths.build())
        .build()
}

fn http_method(m: &Method) -> HttpMethod {
    match *m {
        Method::GET => HttpMethod::Get,
        Method::POST => HttpMethod::Post,
        Method::PUT => HttpMethod::Put,
        Method::DELETE => HttpMethod::Delete,
        Method::PATCH => HttpMethod::Patch,
        Method::HEAD => HttpMethod::Head,
        _ => HttpMethod::Options,
    }
}

fn op_name(path: &str) -> String {
    path.trim_start_matches('/')
        .replace(['/', '-', '{', '}', '.'], "_")
}
