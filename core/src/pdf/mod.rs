//! Checking and merging uploaded PDFs with lopdf (every module's documents: an SWP
//! section, an alert), in a blocking worker with a time limit, bounded input, bounded
//! decompression and a page cap. Any failure of an untrusted file is a message for the
//! user (400), never a 500. The caller owns the semaphore (in its module state).
use std::time::Duration;

/// For tests and benchmarks, which make real PDFs with the same library.
pub use lopdf;

pub mod check;

use lopdf::{Document, Object, ObjectId};
use tokio::sync::Semaphore;

/// Total size of one section's PDFs.
pub const MAX_SECTION_BYTES: u64 = 100 * 1024 * 1024;
/// Pages in one merged section.
pub const MAX_PAGES: usize = 2000;
/// Wall-clock limit of one section's merge.
pub const MERGE_TIMEOUT: Duration = Duration::from_secs(60);
/// Concurrent merges: each holds its PDFs in memory.
pub const MERGE_PERMITS: usize = 2;

/// What became of a section.
#[derive(Debug)]
pub enum Merged {
    /// One valid file: kept as uploaded.
    Single,
    /// Several files: one new PDF, first upload first.
    Bytes(Vec<u8>),
}

/// Checks every file (`(name, bytes)` in upload order) and merges them when there are
/// several. `Err` is the user-facing reason.
pub async fn check_and_merge(permits: &Semaphore, files: Vec<(String, Vec<u8>)>) -> Result<Merged, String> {
    let _permit = permits.acquire().await.map_err(|_| "The server is shutting down.".to_string())?;
    let work = tokio::task::spawn_blocking(move || {
        // A panic inside lopdf on hostile input is a refusal too.
        std::panic::catch_unwind(move || merge_blocking(files)).unwrap_or_else(|_| Err("This PDF could not be read.".into()))
    });
    match tokio::time::timeout(MERGE_TIMEOUT, work).await {
        Ok(Ok(r)) => r,
        Ok(Err(_)) => Err("This PDF could not be read.".into()),
        // The worker is left to finish on its own; its result is dropped.
        Err(_) => Err("These PDFs took too long to process.".into()),
    }
}

fn load(name: &str, bytes: &[u8]) -> Result<Document, String> {
    check::load_checked(name, bytes)
}

/// Concurrent upload checks (each holds one file in memory), for the whole server.
static CHECKS: Semaphore = Semaphore::const_new(MERGE_PERMITS);

/// Checks one uploaded PDF (`check`) in a blocking worker with a time limit, a panic
/// guard and a server-wide concurrency bound. `Err` is the user-facing reason.
pub async fn check_upload(name: String, bytes: Vec<u8>) -> Result<(), String> {
    let _permit = CHECKS.acquire().await.map_err(|_| "The server is shutting down.".to_string())?;
    let work = tokio::task::spawn_blocking(move || {
        std::panic::catch_unwind(move || check::load_checked(&name, &bytes).map(drop)).unwrap_or_else(|_| Err("This PDF could not be read.".into()))
    });
    match tokio::time::timeout(MERGE_TIMEOUT, work).await {
        Ok(Ok(r)) => r,
        Ok(Err(_)) => Err("This PDF could not be read.".into()),
        Err(_) => Err("This PDF took too long to check.".into()),
    }
}

pub fn merge_blocking(files: Vec<(String, Vec<u8>)>) -> Result<Merged, String> {
    let total: u64 = files.iter().map(|(_, b)| b.len() as u64).sum();
    if total > MAX_SECTION_BYTES {
        return Err(format!("These PDFs are larger than {} MB together.", MAX_SECTION_BYTES / (1024 * 1024)));
    }
    let mut docs = Vec::with_capacity(files.len());
    let mut pages = 0usize;
    // Each upload's bytes are freed once parsed: one copy of the section at a time.
    for (name, bytes) in files {
        let d = load(&name, &bytes)?;
        drop(bytes);
        pages += d.get_pages().len();
        if pages > MAX_PAGES {
            return Err(format!("These PDFs have more than {MAX_PAGES} pages together."));
        }
        docs.push(d);
    }
    if docs.len() == 1 {
        return Ok(Merged::Single);
    }
    let mut out = merge(docs).map_err(|e| format!("These PDFs could not be combined ({e})."))?;
    let mut buf = Vec::new();
    out.save_to(&mut buf).map_err(|e| format!("These PDFs could not be combined ({e})."))?;
    drop(out);
    // The result must read back with every page, or it is not stored.
    let back = Document::load_mem(&buf).map_err(|_| "These PDFs could not be combined.".to_string())?;
    if back.get_pages().len() != pages {
        return Err("These PDFs could not be combined.".into());
    }
    Ok(Merged::Bytes(buf))
}

/// Looks a page attribute up the page tree (MediaBox, Resources... may be inherited).
fn inherited(doc: &Document, page: ObjectId, key: &[u8]) -> Option<Object> {
    let mut current = page;
    for _ in 0..64 {
        let node = doc.get_dictionary(current).ok()?;
        if let Ok(v) = node.get(key) {
            if !matches!(doc.dereference(v), Ok((_, Object::Null)) | Err(_)) {
                return Some(v.clone());
            }
        }
        current = node.get(b"Parent").ok()?.as_reference().ok()?;
    }
    None
}

/// One document with every page of `docs`, in order. Each page keeps its inherited
/// attributes (made explicit first, since the old page trees are dropped); catalogs,
/// page-tree nodes and outlines of the sources are left out.
fn merge(docs: Vec<Document>) -> lopdf::Result<Document> {
    let mut out = Document::with_version("1.7");
    let pages_id = out.new_object_id();
    let mut kids: Vec<Object> = Vec::new();
    for mut doc in docs {
        for page in doc.get_pages().into_values() {
            let mut dict = doc.get_dictionary(page)?.clone();
            let media = inherited(&doc, page, b"MediaBox").unwrap_or_else(|| vec![0.into(), 0.into(), 612.into(), 792.into()].into());
            for key in ["CropBox", "Resources", "Rotate"] {
                if let Some(v) = inherited(&doc, page, key.as_bytes()) {
                    dict.set(key, v);
                }
            }
            dict.set("MediaBox", media);
            doc.objects.insert(page, Object::Dictionary(dict));
        }
        doc.renumber_objects_with(out.max_id + 1);
        let order: Vec<ObjectId> = doc.get_pages().into_values().collect();
        for (id, obj) in std::mem::take(&mut doc.objects) {
            if !matches!(obj.type_name().unwrap_or(b""), b"Catalog" | b"Pages" | b"Outlines" | b"Outline") {
                out.objects.insert(id, obj);
            }
        }
        for id in &order {
            if let Some(Object::Dictionary(d)) = out.objects.get_mut(id) {
                d.set("Parent", pages_id);
            }
        }
        kids.extend(order.into_iter().map(Object::Reference));
        out.max_id = out.max_id.max(doc.max_id);
    }
    let count = kids.len() as i64;
    out.objects.insert(pages_id, Object::Dictionary(lopdf::dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => count }));
    let catalog = out.add_object(lopdf::dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    out.trailer.set("Root", catalog);
    // Objects only the dropped catalogs referred to (outlines, forms) go too.
    out.prune_objects();
    out.renumber_objects();
    out.compress();
    Ok(out)
}
