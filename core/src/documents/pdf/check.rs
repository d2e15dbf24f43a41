//! What makes an uploaded PDF acceptable (docs/security.md, "Uploaded PDFs"): it loads
//! without the library rebuilding it, opens without a password, its page tree is a tree
//! (no cycle, no page twice, at most [`MAX_PAGES`] pages), its streams decode within a
//! bound through every filter of their chain (measured by streaming into nothing, so
//! memory stays flat whatever the claim), and it carries no active content: JavaScript,
//! XFA forms, launch, submit, import or remote go-to actions, an opening action other
//! than going to a page, or embedded files. Each refusal is a message for the user naming
//! the file. This runs in the worker process ([`super::worker`]).
use std::collections::HashSet;

use lopdf::xref::XrefRecovery;
use lopdf::{Dictionary, Document, LoadOptions, Object, ObjectId};

use super::filters;
use super::MAX_PAGES;
use crate::base::error::Refusal;

/// Largest a single stream may inflate to (a 600 dpi A4 colour scan is about 100 MiB).
pub const MAX_STREAM_INFLATED: u64 = 256 * 1024 * 1024;
/// Largest all of a file's streams may inflate to together.
pub const MAX_FILE_INFLATED: u64 = 512 * 1024 * 1024;
/// Object and cross-reference streams lopdf decodes itself while loading.
const MAX_LOAD_DECOMPRESSED: usize = 64 * 1024 * 1024;
/// Nesting walked when looking for actions, and page-tree depth (deeper is refused).
const MAX_DEPTH: usize = 64;
/// Objects in one file (a 2 000-page scanned manual has about 20 000).
pub const MAX_OBJECTS: usize = 250_000;
/// Values in one array, entries in one dictionary (a page's `/Kids` of a flat tree of
/// 2 000 pages is the largest array real files carry).
pub const MAX_ARRAY: usize = 100_000;
pub const MAX_DICT: usize = 10_000;

/// Dictionary keys that carry or trigger scripts: JavaScript actions and name trees,
/// additional actions (page/field/document events), XFA forms (which carry their own
/// scripts), and `/Launch` parameters.
const SCRIPT_KEYS: &[&[u8]] = &[b"JS", b"JavaScript", b"AA", b"XFA", b"Launch"];
/// Action types refused wherever they appear: scripts and programs, and actions that
/// send data out or open other files (a UNC path in `/GoToR` leaks the Windows user's
/// credentials to a remote host).
const REFUSED_ACTIONS: &[&[u8]] = &[
    b"JavaScript",
    b"Launch",
    b"SubmitForm",
    b"ImportData",
    b"GoToR",
    b"GoToE",
    b"RichMediaExecute",
];
/// Keys that hold files inside the PDF (embedded-file name trees, file specifications'
/// embedded streams) and the annotation that shows one.
const EMBEDDED_KEYS: &[&[u8]] = &[b"EmbeddedFiles", b"EF", b"RichMediaContent"];

const ACTIVE: &str = "contains JavaScript or an action that starts a program";

pub fn needs_password(name: &str) -> String {
    format!("{name} needs a password to open; save it without one and upload it again.")
}

fn damaged(name: &str) -> String {
    format!("{name} is damaged or incomplete (it could only be read by rebuilding it); export or save it again and upload the new file.")
}

/// Loads and checks one PDF. `Err` is the user-facing reason.
pub fn load_checked(name: &str, bytes: &[u8]) -> Result<Document, Refusal> {
    let opts =
        LoadOptions { max_decompressed_size: Some(MAX_LOAD_DECOMPRESSED), ..Default::default() };
    let doc = Document::load_mem_with_options(bytes, opts).map_err(|e| {
        let e = e.to_string().to_ascii_lowercase();
        if e.contains("decrypt") || e.contains("password") {
            needs_password(name)
        } else {
            format!("{name} is not a readable PDF.")
        }
    })?;
    // Owner permissions only (an empty user password): lopdf has decrypted it, and a merge
    // writes a normal unencrypted file. Still encrypted means a password is needed.
    if doc.is_encrypted() {
        return Err(needs_password(name).into());
    }
    // A corrected offset is read as written; a rebuilt table means objects may be missing.
    if matches!(doc.xref_recovery, Some(XrefRecovery::Reconstructed)) {
        return Err(damaged(name).into());
    }
    complexity(name, &doc)?;
    match page_tree(&doc) {
        Ok(0) => return Err(format!("{name} has no pages.").into()),
        Ok(n) if n > MAX_PAGES => return Err(format!("{name} has more than {MAX_PAGES} pages.").into()),
        Ok(_) => {}
        Err(()) => {
            return Err(format!(
                "{name} has a damaged page tree (a page listed twice or in a loop); export or save it again and upload the new file."
            )
            .into())
        }
    }
    inflation(name, &doc)?;
    if has_script(&doc) || opens_with_action(&doc) {
        return Err(format!("{name} {ACTIVE}; save it without them (for example print it to PDF) and upload it again.").into());
    }
    if has_embedded_files(&doc) {
        return Err(format!(
            "{name} has files embedded in it; save it without attachments (for example print it to PDF) and upload it again."
        )
        .into());
    }
    Ok(doc)
}

/// Caps on what the parser built (it ran in the worker, within its memory limit): a file
/// past them would cost the viewers and every merge as much again.
fn complexity(name: &str, doc: &Document) -> Result<(), Refusal> {
    let too = |what: String| {
        format!("{name} is too complex to open safely ({what}); save it again (for example print it to PDF) and upload the new file.")
    };
    if doc.objects.len() > MAX_OBJECTS {
        return Err(too(format!("it has more than {MAX_OBJECTS} objects")).into());
    }
    let big = |o: &Object| match o {
        Object::Array(a) => a.len() > MAX_ARRAY,
        Object::Dictionary(d) => d.len() > MAX_DICT,
        Object::Stream(s) => s.dict.len() > MAX_DICT,
        _ => false,
    };
    fn any(o: &Object, depth: usize, f: &dyn Fn(&Object) -> bool) -> bool {
        f(o) || (depth < MAX_DEPTH
            && match o {
                Object::Array(a) => a.iter().any(|x| any(x, depth + 1, f)),
                Object::Dictionary(d) => d.iter().any(|(_, v)| any(v, depth + 1, f)),
                Object::Stream(s) => s.dict.iter().any(|(_, v)| any(v, depth + 1, f)),
                _ => false,
            })
    }
    if doc.objects.values().any(|o| any(o, 0, &big)) {
        return Err(too(format!("an array of more than {MAX_ARRAY} values or a dictionary of more than {MAX_DICT} entries")).into());
    }
    Ok(())
}

/// The pages of the catalog's page tree, walked from the root: `Err` when a node is
/// missing or not a dictionary, a node is reached twice (a cycle, a page listed twice),
/// a kid's `/Parent` is not the node that lists it, or the tree is deeper than
/// [`MAX_DEPTH`]. A merge of such a file would not pass `qpdf --check`.
fn page_tree(doc: &Document) -> Result<usize, ()> {
    let root = doc.trailer.get(b"Root").and_then(Object::as_reference).map_err(drop)?;
    let pages = doc
        .get_dictionary(root)
        .and_then(|c| c.get(b"Pages"))
        .and_then(Object::as_reference)
        .map_err(drop)?;
    let mut seen: HashSet<ObjectId> = HashSet::new();
    let mut stack: Vec<(ObjectId, Option<ObjectId>, usize)> = vec![(pages, None, 0)];
    let mut count = 0usize;
    while let Some((id, parent, depth)) = stack.pop() {
        if depth > MAX_DEPTH || !seen.insert(id) {
            return Err(());
        }
        let node = doc.get_dictionary(id).map_err(drop)?;
        if let Some(p) = parent {
            if node.get(b"Parent").and_then(Object::as_reference).ok() != Some(p) {
                return Err(());
            }
        }
        match node.get(b"Kids") {
            Ok(Object::Array(kids)) => {
                for k in kids.iter().rev() {
                    stack.push((k.as_reference().map_err(drop)?, Some(id), depth + 1));
                }
            }
            Ok(_) => return Err(()),
            Err(_) if parent.is_some() => {
                count += 1;
                if count > MAX_PAGES {
                    return Ok(count);
                }
            }
            Err(_) => return Err(()),
        }
    }
    Ok(count)
}

/// An opening action other than going to a page of this file (`/OpenAction` with
/// `/URI`, `/SubmitForm`, … opens or sends something as the file opens).
fn opens_with_action(doc: &Document) -> bool {
    let Ok(catalog) = doc.catalog() else { return false };
    let Ok(action) = catalog.get(b"OpenAction") else { return false };
    match doc.dereference(action) {
        Ok((_, Object::Dictionary(d))) => {
            d.get(b"S").and_then(Object::as_name).map(|s| s != b"GoTo").unwrap_or(true)
                || d.has(b"Next")
        }
        Ok((_, Object::Array(_))) => false,
        _ => true,
    }
}

fn has_embedded_files(doc: &Document) -> bool {
    let embedded = |d: &Dictionary| {
        d.iter().any(|(k, _)| EMBEDDED_KEYS.contains(&k.as_slice()))
            || d.get(b"Type").and_then(Object::as_name).is_ok_and(|t| t == b"EmbeddedFile")
            || d.get(b"Subtype").and_then(Object::as_name).is_ok_and(|t| t == b"FileAttachment")
    };
    doc.objects.values().any(|o| any_dict(o, 0, &embedded))
}

/// Whether `o` or a dictionary nested in it (references not followed) meets `f`.
fn any_dict(o: &Object, depth: usize, f: &dyn Fn(&Dictionary) -> bool) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    match o {
        Object::Dictionary(d) => f(d) || d.iter().any(|(_, v)| any_dict(v, depth + 1, f)),
        Object::Stream(s) => f(&s.dict) || s.dict.iter().any(|(_, v)| any_dict(v, depth + 1, f)),
        Object::Array(a) => a.iter().any(|x| any_dict(x, depth + 1, f)),
        _ => false,
    }
}

/// Decodes every stream through its filter chain into a counting sink with a cap: a
/// bomb is refused after at most the cap's worth of work, with a few buffers of memory.
fn inflation(name: &str, doc: &Document) -> Result<(), Refusal> {
    let too_big = || {
        format!(
            "{name} expands to more than {} MB when opened; it is refused as a possible decompression bomb.",
            MAX_STREAM_INFLATED / (1024 * 1024)
        )
    };
    let mut total = 0u64;
    for obj in doc.objects.values() {
        let Object::Stream(s) = obj else { continue };
        let chain = filters::chain(&s.dict);
        if chain.is_empty() {
            continue;
        }
        let cap = MAX_STREAM_INFLATED.min(MAX_FILE_INFLATED - total);
        let n = filters::decoded_len(&s.content, &chain, cap);
        if n > cap {
            return Err(too_big().into());
        }
        total += n;
    }
    Ok(())
}

fn has_script(doc: &Document) -> bool {
    let scripted = |d: &Dictionary| {
        d.iter().any(|(k, v)| {
            SCRIPT_KEYS.contains(&k.as_slice())
                || (k.as_slice() == b"S" && v.as_name().is_ok_and(|n| REFUSED_ACTIONS.contains(&n)))
        })
    };
    doc.objects.values().any(|o| any_dict(o, 0, &scripted))
        || any_dict(&Object::Dictionary(doc.trailer.clone()), 0, &scripted)
}
