//! SWP documents on S3 (aws-sdk-s3 against s3s-fs): upload, merge, link and sweep.
use super::support::*;
use crate::helpers::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn swp_documents_on_s3_upload_merge_link_and_sweep() {
    use crate::storage::{start_s3, S3_KEY, S3_SECRET};
    let s3 = start_s3().await;
    let app = spawn_with(&[
        ("storage.backend", "s3"),
        ("storage.s3.bucket", "plantdoc-swp"),
        ("storage.s3.endpoint", &s3.endpoint),
        ("storage.s3.access_key_id", S3_KEY),
        ("storage.s3.secret_access_key", S3_SECRET),
        ("storage.s3.path_style", "true"),
        // The bucket's own links (controlled copies on S3: copies.rs).
        ("storage.stamp", "false"),
    ])
    .await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    let mut files = file_ids(&eng, "S3").await;
    let second = upload_ok(&eng, "uploadPdf", "more.pdf", &pdf("more", 2)).await;
    files["swc"].as_array_mut().unwrap().push(json!(second));
    files["video"] = json!(upload_ok(&eng, "uploadVideo", "v.mp4", &mp4()).await);
    let stray = upload_ok(&eng, "uploadPdf", "stray.pdf", &pdf("stray", 1)).await;
    let r = eng.post("/api/swps/uploadS3", &payload(files, "S3-1", json!({}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let urls = &r.body["swp"]["urls"];
    assert!(urls["swc"].as_str().unwrap().contains("X-Amz-Expires=300"), "presigned, 5 minutes");
    let (status, bytes, _) = fetch_link(&app, urls["swc"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page_texts(&bytes), vec!["S3 SWC page 1", "more page 1", "more page 2"]);
    let (ok, out) = qpdf_check(&bytes);
    assert!(ok, "{out}");
    assert_eq!(fetch_link(&app, urls["video"].as_str().unwrap()).await.1, mp4());
    // The merged sources left the bucket; the stray upload goes with the sweep.
    let keys = app.state.storage.list().await.unwrap();
    assert_eq!(keys.len(), 5, "swc (merged), jes, vis, video, stray: {keys:?}");
    app.clock.advance_secs(24 * 3600 + 1);
    assert_eq!(plantdoc_swp::sweep(&app.state).await.unwrap(), 1);
    assert_eq!(app.state.storage.list().await.unwrap().len(), 4);
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM files WHERE id = '{stray}'")).await, 0);
}
