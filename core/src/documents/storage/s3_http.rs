//! The S3 client's HTTP connector: the process's one HTTP client stack (reqwest over hyper,
//! rustls with ring and the system's roots, as mail and sign-in use) instead of
//! aws-smithy-http-client, which carries its own copy of a pooled hyper client (22 s of a
//! cold build's CPU; decision 87, docs/speed.md). The SDK keeps its retries and timeouts:
//! this answers one attempt and says which kind of failure it was (retried or not).
use std::collections::HashMap;
use std::error::Error as StdError;
use std::sync::Mutex;
use std::time::Duration;

use aws_smithy_runtime_api::client::http::{
    HttpClient, HttpConnector, HttpConnectorFuture, HttpConnectorSettings, SharedHttpClient,
    SharedHttpConnector,
};
use aws_smithy_runtime_api::client::orchestrator::{HttpRequest, HttpResponse};
use aws_smithy_runtime_api::client::result::ConnectorError;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::body::SdkBody;
use aws_smithy_types::retry::ErrorKind;

/// The client given to the SDK (`http_client`). The SDK asks for a connector at every
/// attempt; one is kept per connector settings (its timeouts), so that connections and the
/// TLS roots are made once, not per request.
#[derive(Debug, Default)]
pub struct ReqwestHttpClient {
    connectors: Mutex<HashMap<Timeouts, SharedHttpConnector>>,
}

type Timeouts = (Option<Duration>, Option<Duration>);

impl ReqwestHttpClient {
    pub fn shared() -> SharedHttpClient {
        SharedHttpClient::new(Self::default())
    }

    /// The connector for these timeouts, made the first time they are asked for.
    fn kept(&self, key: Timeouts) -> SharedHttpConnector {
        let mut connectors = self.connectors.lock().unwrap_or_else(|e| e.into_inner());
        connectors.entry(key).or_insert_with(|| Self::connector(key)).clone()
    }

    fn connector(timeouts: Timeouts) -> SharedHttpConnector {
        let mut b = reqwest::Client::builder().use_rustls_tls();
        if let Some(t) = timeouts.0 {
            b = b.connect_timeout(t);
        }
        if let Some(t) = timeouts.1 {
            b = b.read_timeout(t);
        }
        // The SDK follows no redirect itself; neither does its connector.
        let client = b.redirect(reqwest::redirect::Policy::none()).build();
        SharedHttpConnector::new(Connector { client: client.map_err(std::sync::Arc::new) })
    }
}

impl HttpClient for ReqwestHttpClient {
    fn http_connector(
        &self,
        settings: &HttpConnectorSettings,
        _components: &RuntimeComponents,
    ) -> SharedHttpConnector {
        self.kept((settings.connect_timeout(), settings.read_timeout()))
    }
}

#[derive(Debug)]
struct Connector {
    /// A client that cannot be built (no TLS roots) fails each call, not the process.
    client: Result<reqwest::Client, std::sync::Arc<reqwest::Error>>,
}

impl HttpConnector for Connector {
    fn call(&self, request: HttpRequest) -> HttpConnectorFuture {
        let client = match &self.client {
            Ok(c) => c.clone(),
            Err(e) => {
                return HttpConnectorFuture::ready(Err(ConnectorError::other(
                    Box::new(e.clone()),
                    None,
                )))
            }
        };
        let request = match request.try_into_http1x() {
            Ok(r) => r,
            Err(e) => return HttpConnectorFuture::ready(Err(ConnectorError::user(e.into()))),
        };
        let (parts, body) = request.into_parts();
        let call = client
            .request(parts.method, parts.uri.to_string())
            .headers(parts.headers)
            .body(reqwest::Body::wrap(body))
            .send();
        HttpConnectorFuture::new(async move {
            let response =
                http::Response::<reqwest::Body>::from(call.await.map_err(connector_error)?);
            HttpResponse::try_from(response.map(SdkBody::from_body_1_x))
                .map_err(|e| ConnectorError::other(e.into(), None))
        })
    }
}

/// Which failure: a timeout and a broken or refused connection are retried by the SDK's
/// policy; a request that could not be built is not.
fn connector_error(e: reqwest::Error) -> ConnectorError {
    if e.is_timeout() {
        ConnectorError::timeout(e.into())
    } else if e.is_builder() {
        ConnectorError::user(e.into())
    } else if e.is_connect() || has_source::<std::io::Error>(&e) {
        ConnectorError::io(e.into())
    } else if e.is_request() || e.is_body() {
        // A connection closed before the answer's end (S3 sometimes does): worth another try.
        ConnectorError::other(e.into(), Some(ErrorKind::TransientError))
    } else {
        ConnectorError::other(e.into(), None)
    }
}

fn has_source<E: StdError + 'static>(e: &(dyn StdError + 'static)) -> bool {
    let mut next = Some(e);
    while let Some(err) = next {
        if err.is::<E>() {
            return true;
        }
        next = err.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_connector_per_timeouts_is_kept_across_attempts() {
        let client = ReqwestHttpClient::default();
        let short = (Some(Duration::from_secs(3)), None);
        for _ in 0..3 {
            client.kept(short);
            client.kept((None, None));
        }
        client.kept((Some(Duration::from_secs(3)), Some(Duration::from_secs(30))));
        assert_eq!(client.connectors.lock().unwrap().len(), 3);
    }
}
