//! The S3 backend (any S3-compatible endpoint) through aws-sdk-s3.
use std::path::Path;
use std::time::Duration;

use async_trait::async_trait;
use aws_sdk_s3::config::http::HttpResponse;
use aws_sdk_s3::config::{Credentials, Region};
use aws_sdk_s3::error::SdkError;
use aws_sdk_s3::presigning::PresigningConfig;
use aws_sdk_s3::primitives::ByteStream;
use aws_sdk_s3::Client;

use super::{BlobReader, BlobStore, Unreachable};
use crate::base::config::S3Settings;

pub struct S3Store {
    client: Client,
    bucket: String,
}

impl S3Store {
    pub async fn new(s: &S3Settings) -> anyhow::Result<Self> {
        // HTTPS through the process's reqwest client (s3_http.rs says why).
        let mut loader = aws_config::defaults(aws_config::BehaviorVersion::latest())
            .region(Region::new(s.region.clone()))
            .http_client(super::s3_http::ReqwestHttpClient::shared());
        if !s.access_key_id.is_empty() {
            loader = loader.credentials_provider(Credentials::new(
                s.access_key_id.clone(),
                s.secret_access_key.expose().to_string(),
                None,
                None,
                "plantdoc-config",
            ));
        }
        let shared = loader.load().await;
        let mut b = aws_sdk_s3::config::Builder::from(&shared).force_path_style(s.path_style);
        if !s.endpoint.is_empty() {
            b = b.endpoint_url(s.endpoint.clone());
        }
        let client = Client::from_conf(b.build());
        let store = Self { client, bucket: s.bucket.clone() };
        store.ensure_bucket().await?;
        Ok(store)
    }

    async fn ensure_bucket(&self) -> anyhow::Result<()> {
        if self.client.head_bucket().bucket(&self.bucket).send().await.is_ok() {
            return Ok(());
        }
        self.client.create_bucket().bucket(&self.bucket).send().await.map_err(|e| {
            anyhow::anyhow!(
                "storage.s3.bucket: cannot reach or create bucket {:?}: {}",
                self.bucket,
                aws_sdk_s3::error::DisplayErrorContext(&e)
            )
        })?;
        Ok(())
    }
}

/// The SDK's error, as [`Unreachable`] when the store could not be reached (the SDK has
/// made its retries by then).
fn failed<E: std::error::Error + Send + Sync + 'static>(
    what: &str,
    e: SdkError<E, HttpResponse>,
) -> anyhow::Error {
    let text = format!("{what}: {}", aws_sdk_s3::error::DisplayErrorContext(&e));
    let down = match &e {
        SdkError::DispatchFailure(_) | SdkError::TimeoutError(_) => true,
        _ => e.raw_response().is_some_and(|r| matches!(r.status().as_u16(), 502..=504)),
    };
    if down {
        Unreachable(text).into()
    } else {
        anyhow::anyhow!(text)
    }
}

#[async_trait]
impl BlobStore for S3Store {
    async fn put_file(&self, key: &str, tmp: &Path, content_type: &str) -> anyhow::Result<()> {
        // from_path streams the file; it is never read into memory whole.
        let body = ByteStream::from_path(tmp).await?;
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .content_type(content_type)
            .body(body)
            .send()
            .await
            .map_err(|e| failed(&format!("S3 put {key}"), e))?;
        Ok(())
    }

    async fn open(&self, key: &str) -> anyhow::Result<BlobReader> {
        let out =
            self.client.get_object().bucket(&self.bucket).key(key).send().await.map_err(|e| {
                anyhow::anyhow!("S3 get {key}: {}", aws_sdk_s3::error::DisplayErrorContext(&e))
            })?;
        Ok(Box::pin(out.body.into_async_read()))
    }

    async fn delete(&self, key: &str) -> anyhow::Result<()> {
        self.client.delete_object().bucket(&self.bucket).key(key).send().await.map_err(|e| {
            anyhow::anyhow!("S3 delete {key}: {}", aws_sdk_s3::error::DisplayErrorContext(&e))
        })?;
        Ok(())
    }

    async fn exists(&self, key: &str) -> anyhow::Result<bool> {
        match self.client.head_object().bucket(&self.bucket).key(key).send().await {
            Ok(_) => Ok(true),
            Err(e) if e.as_service_error().map(|s| s.is_not_found()).unwrap_or(false) => Ok(false),
            Err(e) => Err(anyhow::anyhow!(
                "S3 head {key}: {}",
                aws_sdk_s3::error::DisplayErrorContext(&e)
            )),
        }
    }

    async fn list(&self) -> anyhow::Result<Vec<String>> {
        let mut out = Vec::new();
        let mut pages = self.client.list_objects_v2().bucket(&self.bucket).into_paginator().send();
        while let Some(page) = pages.next().await {
            let page = page.map_err(|e| {
                anyhow::anyhow!("S3 list: {}", aws_sdk_s3::error::DisplayErrorContext(&e))
            })?;
            out.extend(page.contents().iter().filter_map(|o| o.key().map(str::to_string)));
        }
        out.sort();
        Ok(out)
    }

    async fn modified(&self, key: &str) -> anyhow::Result<Option<std::time::SystemTime>> {
        let head = self.client.head_object().bucket(&self.bucket).key(key).send().await;
        Ok(head
            .ok()
            .and_then(|h| h.last_modified().and_then(|t| std::time::SystemTime::try_from(*t).ok())))
    }

    async fn link(
        &self,
        key: &str,
        name: &str,
        content_type: &str,
        ttl_secs: u64,
        _now_ms: i64,
    ) -> anyhow::Result<String> {
        let cfg = PresigningConfig::expires_in(Duration::from_secs(ttl_secs))?;
        let req = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(key)
            .response_content_type(content_type)
            .response_content_disposition(super::disposition(name, content_type))
            .presigned(cfg)
            .await
            .map_err(|e| {
                anyhow::anyhow!("S3 presign {key}: {}", aws_sdk_s3::error::DisplayErrorContext(&e))
            })?;
        Ok(req.uri().to_string())
    }
}
