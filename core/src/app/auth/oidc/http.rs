//! The provider's HTTP for `openidconnect`: each request over the server's own reqwest client
//! (rustls over ring, as mail and S3: no second HTTP client or TLS stack is built), redirects
//! off (a provider's answer cannot send the server elsewhere), a 10 s timeout, and every
//! answer read up to [`MAX_ANSWER`] bytes.
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use openidconnect::{AsyncHttpClient, HttpRequest, HttpResponse};

/// A provider's answer larger than this is refused (discovery, keys, tokens, user info).
pub const MAX_ANSWER: usize = 1 << 20;

#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    #[error(transparent)]
    Request(#[from] reqwest::Error),
    #[error(transparent)]
    Answer(#[from] http::Error),
    #[error("answer over {MAX_ANSWER} bytes")]
    TooLarge,
}

/// The client `openidconnect` calls the provider with.
#[derive(Clone)]
pub struct Http(reqwest::Client);

impl Http {
    pub fn new() -> Http {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(10))
            .build()
            .expect("HTTP client");
        Http(client)
    }
}

impl Default for Http {
    fn default() -> Self {
        Http::new()
    }
}

impl<'c> AsyncHttpClient<'c> for Http {
    type Error = HttpError;
    type Future = Pin<Box<dyn Future<Output = Result<HttpResponse, HttpError>> + Send + 'c>>;

    fn call(&'c self, request: HttpRequest) -> Self::Future {
        Box::pin(async move {
            let mut answer = self.0.execute(reqwest::Request::try_from(request)?).await?;
            let mut out = http::Response::builder().status(answer.status());
            for (name, value) in answer.headers() {
                out = out.header(name, value);
            }
            let mut body = Vec::new();
            while let Some(chunk) = answer.chunk().await? {
                if body.len() + chunk.len() > MAX_ANSWER {
                    return Err(HttpError::TooLarge);
                }
                body.extend_from_slice(&chunk);
            }
            Ok(out.body(body)?)
        })
    }
}
