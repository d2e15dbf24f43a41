//! What makes an uploaded PDF acceptable (docs/security.md, "Uploaded PDFs"): it loads
//! without the library rebuilding it, opens without a password, its compressed streams
//! inflate within a bound (measured by streaming decompression into nothing, so memory
//! stays flat whatever the claimed size), and it carries no JavaScript or launch action.
//! Each refusal is a message for the user naming the file.
use std::io::Read;

use lopdf::xref::XrefRecovery;
use lopdf::{Dictionary, Document, LoadOptions, Object};

/// Largest a single stream may inflate to (a 600 dpi A4 colour scan is about 100 MiB).
pub const MAX_STREAM_INFLATED: u64 = 256 * 1024 * 1024;
/// Largest all of a file's streams may inflate to together.
pub const MAX_FILE_INFLATED: u64 = 512 * 1024 * 1024;
/// Object and cross-reference streams lopdf decodes itself while loading.
const MAX_LOAD_DECOMPRESSED: usize = 64 * 1024 * 1024;
/// Nesting walked when looking for actions (deeper is refused as malformed).
const MAX_DEPTH: usize = 64;

/// Dictionary keys that carry or trigger scripts: JavaScript actions and name trees,
/// additional actions (page/field/document events).
const SCRIPT_KEYS: &[&[u8]] = &[b"JS", b"JavaScript", b"AA"];
/// Action types refused wherever they appear (`/S /Launch`...).
const REFUSED_ACTIONS: &[&[u8]] = &[b"JavaScript", b"Launch"];

pub fn needs_password(name: &str) -> String {
    format!("{name} needs a password to open; save it without one and upload it again.")
}

fn damaged(name: &str) -> String {
    format!("{name} is damaged or incomplete (it could only be read by rebuilding it); export or save it again and upload the new file.")
}

/// Loads and checks one PDF. `Err` is the user-facing reason.
pub fn load_checked(name: &str, bytes: &[u8]) -> Result<Document, String> {
    let opts = LoadOptions { max_decompressed_size: Some(MAX_LOAD_DECOMPRESSED), ..Default::default() };
    let doc = Document::load_mem_with_options(bytes, opts).map_err(|e| {
        let e = e.to_string().to_ascii_lowercase();
        if e.contains("decrypt") || e.contains("password") { needs_password(name) } else { format!("{name} is not a readable PDF.") }
    })?;
    // Owner permissions only (an empty user password): lopdf has decrypted it, and a merge
    // writes a normal unencrypted file. Still encrypted means a password is needed.
    if doc.is_encrypted() {
        return Err(needs_password(name));
    }
    // A corrected offset is read as written; a rebuilt table means objects may be missing.
    if matches!(doc.xref_recovery, Some(XrefRecovery::Reconstructed)) {
        return Err(damaged(name));
    }
    if doc.get_pages().is_empty() {
        return Err(format!("{name} has no pages."));
    }
    inflation(name, &doc)?;
    if has_script(&doc) {
        return Err(format!(
            "{name} contains JavaScript or an action that starts a program; save it without them (for example print it to PDF) and upload it again."
        ));
    }
    Ok(doc)
}

fn is_flate(o: &Object) -> bool {
    matches!(o.as_name(), Ok(b"FlateDecode" | b"Fl"))
}

/// The leading Flate layers of a stream's filter chain (what can blow up in size).
fn flate_layers(dict: &Dictionary) -> usize {
    match dict.get(b"Filter") {
        Ok(Object::Array(a)) => a.iter().take_while(|o| is_flate(o)).count(),
        Ok(o) if is_flate(o) => 1,
        _ => 0,
    }
}

/// Inflates every Flate stream into a counting sink with a cap: a bomb is refused after
/// at most the cap's worth of work, with a few buffers of memory.
fn inflation(name: &str, doc: &Document) -> Result<(), String> {
    let too_big = || format!("{name} expands to more than {} MB when opened; it is refused as a possible decompression bomb.", MAX_STREAM_INFLATED / (1024 * 1024));
    let mut total = 0u64;
    for obj in doc.objects.values() {
        let Object::Stream(s) = obj else { continue };
        let layers = flate_layers(&s.dict);
        if layers == 0 {
            continue;
        }
        let mut reader: Box<dyn Read + '_> = Box::new(&s.content[..]);
        for _ in 0..layers.min(8) {
            reader = Box::new(flate2::read::ZlibDecoder::new(reader));
        }
        let cap = MAX_STREAM_INFLATED.min(MAX_FILE_INFLATED - total);
        // A corrupt stream stops counting where it breaks; viewers show what inflates.
        let n = std::io::copy(&mut reader.take(cap + 1), &mut std::io::sink()).unwrap_or(0);
        if n > cap {
            return Err(too_big());
        }
        total += n;
    }
    Ok(())
}

fn has_script(doc: &Document) -> bool {
    doc.objects.values().any(|o| scripted(o, 0)) || scripted_dict(&doc.trailer, 0)
}

fn scripted(o: &Object, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    match o {
        Object::Dictionary(d) => scripted_dict(d, depth),
        Object::Stream(s) => scripted_dict(&s.dict, depth),
        Object::Array(a) => a.iter().any(|x| scripted(x, depth + 1)),
        _ => false,
    }
}

fn scripted_dict(d: &Dictionary, depth: usize) -> bool {
    d.iter().any(|(k, v)| {
        SCRIPT_KEYS.contains(&k.as_slice())
            || (k.as_slice() == b"S" && v.as_name().is_ok_and(|n| REFUSED_ACTIONS.contains(&n)))
            || k.as_slice() == b"Launch"
            || scripted(v, depth + 1)
    })
}
