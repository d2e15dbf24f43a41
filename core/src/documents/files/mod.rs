//! Uploaded files, for every module: pending uploads checked by content, a per-user cap,
//! revert, attach to a record, and the sweep of uploads never submitted. Bodies stream
//! to storage (hashed, temp → fsync → rename/put) and a row is written only after its
//! blob; modules never write the `files` table themselves.
mod claim;
mod describe;
mod kind;
mod made;
pub mod mp4;
mod remove;
pub mod webm;

pub use claim::{claim, pending, PendingFile};
pub use describe::{describe, describe_sql, described, sha256_sql, sha256s};
pub use kind::{detect, extension, FileKind};
pub use made::{store_made, store_merged};
use remove::{discard, remove_blob};
pub use remove::{remove, revert, sweep};

use crate::{msg, text};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header;
use bytes::Bytes;
use futures::{Stream, StreamExt};
use sqlx::{AnyConnection, Row};

use crate::base::error::{AppError, AppResult, FieldErrors};
use crate::data::db::Db;
use crate::documents::storage::{FileRecord, PutError, Storage};
use crate::plant::users::User;

/// What the file services use of the running app (its state provides them): the
/// `files` table, the blob storage and the app's clock.
pub trait Backing: Sync {
    fn db(&self) -> &Db;
    fn storage(&self) -> &Storage;
    fn now_ms(&self) -> i64;
}

/// Where a file stands. Only a pending file may be reverted, claimed or swept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileState {
    /// Uploaded, not yet part of a document.
    Pending,
    /// Part of a document.
    Attached,
    /// Merged into another file; removed right after the submit (or by the sweep).
    Consumed,
}

impl FileState {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Attached => "attached",
            Self::Consumed => "consumed",
        }
    }
}

/// A module's rules for one upload call.
#[derive(Debug, Clone, Copy)]
pub struct UploadPolicy<'a> {
    pub module: &'a str,
    pub kind: FileKind,
    /// Largest file, in bytes (over it: 413, nothing stored).
    pub limit: u64,
    /// Pending uploads one user may hold in this module.
    pub max_pending: i64,
}

/// Form fields besides the file (FilePond may add metadata) before a request is refused.
const MAX_FORM_FIELDS: usize = 8;
/// Multipart framing allowed on top of the file itself in the Content-Length check.
const MULTIPART_SLACK: u64 = 64 * 1024;
const STORAGE_FULL: &str = text!("The server's storage is full, so the file was not saved. Tell your administrator, then try again.");
/// The document storage (S3) is down or out of reach: 503, `Retry-After`.
pub const STORAGE_UNREACHABLE: &str =
    text!("Document storage cannot be reached; try again in a minute.");
const TOO_MANY: &str =
    text!("You have too many uploads waiting to be submitted. Submit or remove some first.");

fn too_large(limit: u64) -> AppError {
    AppError::PayloadTooLarge(msg!(
        "The file is larger than the limit of {} MB.",
        limit / (1024 * 1024)
    ))
}

async fn pending_count(
    state: &dyn Backing,
    conn: Option<&mut AnyConnection>,
    owner: &str,
    module: &str,
) -> Result<i64, sqlx::Error> {
    let q = sqlx::query(
        "SELECT COUNT(*) AS n FROM files WHERE owner_id = $1 AND module = $2 AND state = 'pending'",
    )
    .bind(owner)
    .bind(module);
    let row = match conn {
        Some(c) => q.fetch_one(c).await?,
        None => q.fetch_one(&state.db().pool).await?,
    };
    row.try_get("n")
}

/// One upload call: a multipart body with one file (as FilePond sends it) or the raw
/// body named by `raw_name`. Answers the pending file's record.
pub async fn receive(
    state: &dyn Backing,
    user: &User,
    req: Request,
    raw_name: Option<String>,
    policy: UploadPolicy<'_>,
) -> AppResult<FileRecord> {
    receive_form(state, user, req, raw_name, policy).await.map(|(rec, _)| rec)
}

/// Longest text field of an upload's form kept by [`receive_form`].
const MAX_FIELD_BYTES: usize = 200;

/// [`receive`], with the form's text fields besides the file (at most 200 bytes each;
/// none for a raw body), for calls that send a few facts with the file.
pub async fn receive_form(
    state: &dyn Backing,
    user: &User,
    req: Request,
    raw_name: Option<String>,
    policy: UploadPolicy<'_>,
) -> AppResult<(FileRecord, HashMap<String, String>)> {
    let limit = policy.limit;
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit + MULTIPART_SLACK) {
        return Err(too_large(limit));
    }
    // Early refusal; the cap is enforced again, atomically, when the row is written.
    if pending_count(state, None, &user.id, policy.module).await? >= policy.max_pending {
        return Err(AppError::field("file", TOO_MANY));
    }
    let is_multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !is_multipart {
        let name = raw_name.unwrap_or_else(|| {
            if policy.kind == FileKind::Pdf {
                "document.pdf".into()
            } else {
                "video.mp4".into()
            }
        });
        return Ok((
            store_upload(state, user, &name, req.into_body().into_data_stream(), policy).await?,
            HashMap::new(),
        ));
    }
    let mut texts = HashMap::new();
    let mut mp = Multipart::from_request(req, &())
        .await
        .map_err(|_| AppError::field("file", text!("Could not read the upload.")))?;
    let mut stored: Option<FileRecord> = None;
    let mut fields = 0;
    let refuse = |msg: String| AppError::field("file", msg);
    loop {
        let field = match mp.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => {
                discard(state, stored.take()).await;
                return Err(refuse(format!("Could not read the upload: {}", e.body_text())));
            }
        };
        fields += 1;
        if fields > MAX_FORM_FIELDS {
            discard(state, stored.take()).await;
            return Err(refuse(text!("Send one file per request.").into()));
        }
        let Some(name) = field.file_name().map(str::to_string) else {
            let key = field.name().unwrap_or_default().to_string();
            match field.bytes().await {
                Ok(b) if b.len() <= MAX_FIELD_BYTES => {
                    texts.insert(key, String::from_utf8_lossy(&b).into_owned());
                }
                _ => {
                    discard(state, stored.take()).await;
                    return Err(AppError::field(&key, text!("This field is too long.")));
                }
            }
            continue;
        };
        if stored.is_some() {
            discard(state, stored.take()).await;
            return Err(refuse(text!("Send one file per request.").into()));
        }
        stored = Some(store_upload(state, user, &name, field, policy).await?);
    }
    stored
        .map(|rec| (rec, texts))
        .ok_or_else(|| AppError::field("file", text!("No file was sent.")))
}

/// Checks the first bytes, streams the rest to storage, then writes the pending row if
/// the user is still under the cap (in a transaction that first locks the user's row, so
/// parallel uploads of one user are counted one at a time on both databases).
async fn store_upload<S, E>(
    state: &dyn Backing,
    user: &User,
    name: &str,
    body: S,
    policy: UploadPolicy<'_>,
) -> AppResult<FileRecord>
where
    S: Stream<Item = Result<Bytes, E>> + Send,
    E: std::fmt::Display + Send,
{
    kind::check_name(name).map_err(|m| AppError::field("file", m))?;
    let mut body = Box::pin(body);
    let mut head: Vec<Bytes> = Vec::new();
    let mut seen = 0usize;
    while seen < 16 {
        match body.next().await {
            Some(Ok(b)) => {
                seen += b.len();
                head.push(b);
            }
            Some(Err(e)) => {
                return Err(AppError::field("file", format!("The upload was interrupted: {e}")))
            }
            None => break,
        }
    }
    let prefix: Vec<u8> = head.iter().flat_map(|b| b.iter().copied()).take(16).collect();
    let content_type =
        detect(policy.kind, &prefix, name).map_err(|m| AppError::field("file", m))?;
    // Video containers are read as the bytes pass, to check the codec after.
    let sniffer = kind::Sniffer::for_type(content_type).map(|s| Arc::new(Mutex::new(Some(s))));
    let tap = sniffer.clone();
    let stream =
        futures::stream::iter(head.into_iter().map(Ok)).chain(body).inspect(move |chunk| {
            if let (Some(s), Ok(bytes)) = (&tap, chunk) {
                if let Some(s) = s.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
                    s.feed(bytes);
                }
            }
        });
    let blob = state
        .storage()
        .put_stream(policy.module, stream, policy.limit, content_type)
        .await
        .map_err(|e| match e {
            PutError::TooLarge { limit } => too_large(limit),
            PutError::Stream(m) => {
                AppError::field("file", format!("The upload was interrupted: {m}"))
            }
            PutError::Full => {
                AppError::StorageFull(FieldErrors::from([("file".into(), STORAGE_FULL.into())]))
            }
            PutError::Unreachable => AppError::StorageUnreachable(FieldErrors::from([(
                "file".into(),
                STORAGE_UNREACHABLE.into(),
            )])),
            PutError::Store(e) => AppError::Internal(e),
        })?;
    if let Some(s) = sniffer {
        let taken = s.lock().unwrap_or_else(|p| p.into_inner()).take();
        let verdict = taken.map_or_else(
            || Err(text!("The upload could not be checked.").into()),
            kind::Sniffer::verdict,
        );
        if let Err(msg) = verdict {
            remove_blob(state, &blob.key).await;
            return Err(AppError::field("file", msg));
        }
    }
    if content_type == "application/pdf" {
        // Streamed to the PDF worker and checked as a whole (docs/security.md): the row is written only
        // for a file that passed, and a refused file's blob goes at once.
        match crate::documents::pdf::check_upload(state.storage(), name, &blob.key).await {
            Ok(()) => {}
            Err(crate::documents::pdf::PdfError::Refused(msg)) => {
                tracing::warn!(module = policy.module, reason = %msg, "uploaded PDF refused");
                remove_blob(state, &blob.key).await;
                return Err(AppError::field("file", msg));
            }
            Err(crate::documents::pdf::PdfError::Server(e)) => {
                remove_blob(state, &blob.key).await;
                return Err(AppError::Internal(e));
            }
        }
    }
    let rec = FileRecord {
        id: crate::data::db::new_id(),
        key: blob.key,
        filename: crate::documents::storage::safe_filename(name),
        content_type: content_type.to_string(),
        size: blob.size,
        sha256: blob.sha256,
    };
    let written: Result<bool, sqlx::Error> = async {
        let mut tx = state.db().begin().await?;
        lock_uploader(&mut tx, &user.id).await?;
        if pending_count(state, Some(&mut tx), &user.id, policy.module).await? >= policy.max_pending
        {
            return Ok(false);
        }
        insert_row(
            &mut tx,
            &rec,
            Some(&user.id),
            policy.module,
            FileState::Pending,
            state.now_ms(),
        )
        .await?;
        tx.commit().await?;
        Ok(true)
    }
    .await;
    match written {
        Ok(true) => Ok(rec),
        Ok(false) => {
            remove_blob(state, &rec.key).await;
            Err(AppError::field("file", TOO_MANY))
        }
        Err(e) => {
            remove_blob(state, &rec.key).await;
            Err(e.into())
        }
    }
}

async fn insert_row(
    conn: &mut AnyConnection,
    r: &FileRecord,
    owner: Option<&str>,
    module: &str,
    st: FileState,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO files (id, storage_key, filename, content_type, size, sha256, owner_id, module, state, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&r.id)
    .bind(&r.key)
    .bind(&r.filename)
    .bind(&r.content_type)
    .bind(r.size as i64)
    .bind(&r.sha256)
    .bind(owner.map(str::to_string))
    .bind(module)
    .bind(st.as_str())
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ())
}

/// Serialises one uploader's pending uploads so the count below cannot be raced past
/// `max_pending` by two requests at once: a no-op write takes the user row's lock
/// (PostgreSQL `FOR UPDATE` is not portable to SQLite, whose write lock this also takes),
/// held until the transaction ends. Other users' uploads are not blocked.
async fn lock_uploader(conn: &mut AnyConnection, user_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}
