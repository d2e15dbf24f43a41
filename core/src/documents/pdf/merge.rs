//! Merging a section's PDFs into one (in the worker process): each file checked, pages
//! counted against [`MAX_PAGES`], the result read back with every page.
use crate::{msg, text};
use lopdf::{Document, Object, ObjectId};

use super::{check, Merged, MAX_PAGES, MAX_SECTION_BYTES};
use crate::base::error::Refusal;

/// [`merge_blocking_with`] without progress.
pub fn merge_blocking(files: Vec<(String, Vec<u8>)>) -> Result<Merged, Refusal> {
    merge_blocking_with(files, |_| {})
}

/// Checks every file (`(name, bytes)` in upload order; `progress(i)` before file i) and
/// merges them when there are several. `Err` is the user-facing reason.
pub fn merge_blocking_with(
    files: Vec<(String, Vec<u8>)>,
    progress: impl Fn(usize),
) -> Result<Merged, Refusal> {
    let total: u64 = files.iter().map(|(_, b)| b.len() as u64).sum();
    if total > MAX_SECTION_BYTES {
        return Err(msg!(
            "These PDFs are larger than {} MB together.",
            MAX_SECTION_BYTES / (1024 * 1024)
        )
        .into());
    }
    let mut docs = Vec::with_capacity(files.len());
    let mut pages = 0usize;
    // Each upload's bytes are freed once parsed: one copy of the section at a time.
    for (i, (name, bytes)) in files.into_iter().enumerate() {
        progress(i);
        let d = check::load_checked(&name, &bytes)?;
        drop(bytes);
        pages += d.get_pages().len();
        if pages > MAX_PAGES {
            return Err(msg!("These PDFs have more than {MAX_PAGES} pages together.").into());
        }
        docs.push(d);
    }
    if docs.len() == 1 {
        return Ok(Merged::Single);
    }
    let mut out = merge(docs).map_err(|e| msg!("These PDFs could not be combined ({e})."))?;
    let mut buf = Vec::new();
    out.save_to(&mut buf).map_err(|e| msg!("These PDFs could not be combined ({e})."))?;
    drop(out);
    // The result must read back with every page, or it is not stored.
    let back = Document::load_mem(&buf)
        .map_err(|_| text!("These PDFs could not be combined.").to_string())?;
    if back.get_pages().len() != pages {
        return Err(text!("These PDFs could not be combined.").into());
    }
    Ok(Merged::Bytes(buf))
}

/// Looks a page attribute up the page tree (MediaBox, Resources... may be inherited).
pub(super) fn inherited(doc: &Document, page: ObjectId, key: &[u8]) -> Option<Object> {
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
            let media = inherited(&doc, page, b"MediaBox")
                .unwrap_or_else(|| vec![0.into(), 0.into(), 612.into(), 792.into()].into());
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
            if !matches!(
                obj.type_name().unwrap_or(b""),
                b"Catalog" | b"Pages" | b"Outlines" | b"Outline"
            ) {
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
    out.objects.insert(
        pages_id,
        Object::Dictionary(
            lopdf::dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => count },
        ),
    );
    let catalog = out.add_object(lopdf::dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    out.trailer.set("Root", catalog);
    // Objects only the dropped catalogs referred to (outlines, forms) go too.
    out.prune_objects();
    out.renumber_objects();
    out.compress();
    Ok(out)
}
