//! Controlled-copy stamps (decision 71): every page of a served PDF
//! gets a strip of [`STRIP`] points at the bottom of what it shows, with one line of text
//! and a QR code. The page keeps its size (an A4 page prints on A4, decision 103): its own
//! content is drawn a little smaller, centred above the strip, so nothing of it is
//! covered. That content is wrapped in `q … Q`, so whatever state it leaves does not move
//! the stamp. The text is
//! set in the embedded DejaVu Sans Mono (`font`: any name as written), in each page's
//! content so it reads back (`pdftotext`, lopdf's `extract_text`); the QR code is one form XObject drawn as filled rectangles, shared
//! by every page. The stored file is never touched: this makes a new one.
use std::collections::HashMap;

use lopdf::content::{Content, Operation};
use lopdf::{dictionary, Dictionary, Document, LoadOptions, Object, ObjectId, Stream};

use super::font::{Font, ADVANCE};
use super::merge::inherited;
use super::{MAX_PAGES, MAX_SECTION_BYTES};

/// Height of the strip added below each page, in points (0.92 in).
pub const STRIP: f32 = 66.0;
/// Clearance from the sheet's edges that printers cannot print on.
const EDGE: f32 = 14.0;
/// The QR code's side: 1.45 pt (0.5 mm) a module for a 33-module code (an address of
/// up to 62 bytes), 1.3 pt for 37 modules (84 bytes).
const QR_SIDE: f32 = STRIP - EDGE - 4.0;
/// Largest text size; a longer line is set smaller to fit beside the QR code.
const MAX_SIZE: f32 = 7.0;
const FONT: &str = "PlantdocStampFont";
const QR: &str = "PlantdocStampQr";
/// Object and cross-reference streams lopdf decodes while loading (as the upload check).
const MAX_LOAD_DECOMPRESSED: usize = 64 * 1024 * 1024;

/// What is drawn on every page.
pub struct Stamp<'a> {
    pub line: &'a str,
    /// What the QR code holds (the address of the document's current revision).
    pub qr: &'a str,
    /// Red text: the copy must not be used (obsolete, not released, expired).
    pub warning: bool,
}

/// Why a PDF was not stamped (shown to the person who asked for the copy).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Unstampable(pub String);

/// The PDF with the stamp on every page, or why it cannot be stamped. Run it in a
/// blocking thread: it parses and writes the whole file.
pub fn stamp_pdf(bytes: &[u8], stamp: &Stamp) -> Result<Vec<u8>, Unstampable> {
    if bytes.len() as u64 > MAX_SECTION_BYTES {
        return Err(Unstampable(format!("larger than {} MB", MAX_SECTION_BYTES / (1024 * 1024))));
    }
    let opts =
        LoadOptions { max_decompressed_size: Some(MAX_LOAD_DECOMPRESSED), ..Default::default() };
    let mut doc = Document::load_mem_with_options(bytes, opts)
        .map_err(|e| Unstampable(format!("not readable ({e})")))?;
    if doc.is_encrypted() {
        return Err(Unstampable("needs a password".into()));
    }
    let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
    if pages.is_empty() || pages.len() > MAX_PAGES {
        return Err(Unstampable(format!("{} pages", pages.len())));
    }
    let mut font = Font::new(&mut doc);
    let qr = doc.add_object(qr_form(stamp.qr)?);
    // Pages of one size and rotation share one opening and one stamp stream.
    let mut opened: HashMap<String, ObjectId> = HashMap::new();
    let mut drawn: HashMap<String, ObjectId> = HashMap::new();
    for page in pages {
        let (scale, frame, width) = make_room(&doc, page);
        let open = *opened.entry(format!("{scale:?}")).or_insert_with(|| {
            let cm = format!(
                "q\n{} cm\n",
                scale.iter().map(|n| format!("{n:.4}")).collect::<Vec<_>>().join(" ")
            );
            doc.add_object(Stream::new(dictionary! {}, cm.into_bytes()))
        });
        let key = format!("{frame:?} {width}");
        let content = match drawn.get(&key) {
            Some(id) => *id,
            None => {
                let mut s =
                    Stream::new(dictionary! {}, strip_content(stamp, &mut font, frame, width));
                let _ = s.compress();
                let id = doc.add_object(s);
                drawn.insert(key, id);
                id
            }
        };
        add_resources(&mut doc, page, font.id, qr)
            .map_err(|e| Unstampable(format!("a page cannot be read ({e})")))?;
        wrap_contents(&mut doc, page, open, content)
            .map_err(|e| Unstampable(format!("a page cannot be read ({e})")))?;
    }
    font.finish(&mut doc);
    let mut out = Vec::with_capacity(bytes.len() + 16 * 1024);
    doc.save_to(&mut out).map_err(|e| Unstampable(format!("not written ({e})")))?;
    Ok(out)
}

/// A box's four numbers.
fn rect(doc: &Document, o: &Object) -> Option<[f32; 4]> {
    let (_, o) = doc.dereference(o).ok()?;
    let a = o.as_array().ok()?;
    let mut v = [0f32; 4];
    for (i, n) in a.iter().take(4).enumerate() {
        v[i] = doc.dereference(n).ok()?.1.as_float().ok()?;
    }
    (a.len() >= 4).then(|| [v[0].min(v[2]), v[1].min(v[3]), v[0].max(v[2]), v[1].max(v[3])])
}

/// Makes room for the strip inside the page's shown box (CropBox within MediaBox) at the
/// bottom of the page as shown (its `/Rotate` says which side that is): answers the matrix
/// that draws the page's own content scaled and centred above the strip, the matrix from
/// the strip's frame (origin at the shown bottom-left, x along the shown bottom edge) to
/// the page's space, and the strip's width. The boxes are not changed.
fn make_room(doc: &Document, page: ObjectId) -> ([f32; 6], [f32; 6], f32) {
    let media = inherited(doc, page, b"MediaBox")
        .and_then(|o| rect(doc, &o))
        .unwrap_or([0.0, 0.0, 612.0, 792.0]);
    let crop = inherited(doc, page, b"CropBox").and_then(|o| rect(doc, &o)).unwrap_or(media);
    let mut v = [
        crop[0].max(media[0]),
        crop[1].max(media[1]),
        crop[2].min(media[2]),
        crop[3].min(media[3]),
    ];
    if v[0] >= v[2] || v[1] >= v[3] {
        v = media;
    }
    let rotate = inherited(doc, page, b"Rotate")
        .and_then(|o| doc.dereference(&o).ok().and_then(|(_, o)| o.as_i64().ok()))
        .unwrap_or(0);
    let [x0, y0, x1, y1] = v;
    let (w, h) = (x1 - x0, y1 - y0);
    // The side across the strip shrinks by it; the other is centred at the same scale.
    let across = if matches!(rotate.rem_euclid(360), 90 | 270) { w } else { h };
    let s = ((across - STRIP) / across).clamp(0.1, 1.0);
    let centre_x = x0 + (w - s * w) / 2.0 - s * x0;
    let centre_y = y0 + (h - s * h) / 2.0 - s * y0;
    let (content, frame, width) = match rotate.rem_euclid(360) {
        90 => ([s, 0.0, 0.0, s, x0 - s * x0, centre_y], [0.0, 1.0, -1.0, 0.0, x1, y0], h),
        180 => ([s, 0.0, 0.0, s, centre_x, y0 - s * y0], [-1.0, 0.0, 0.0, -1.0, x1, y1], w),
        270 => ([s, 0.0, 0.0, s, x0 + STRIP - s * x0, centre_y], [0.0, -1.0, 1.0, 0.0, x0, y1], h),
        _ => ([s, 0.0, 0.0, s, centre_x, y0 + STRIP - s * y0], [1.0, 0.0, 0.0, 1.0, x0, y0], w),
    };
    (content, frame, width)
}

/// The page's resources as its own dictionary (an inherited or shared one is copied),
/// with the stamp's font and QR code added.
fn add_resources(
    doc: &mut Document,
    page: ObjectId,
    font: ObjectId,
    qr: ObjectId,
) -> lopdf::Result<()> {
    let mut res = match inherited(doc, page, b"Resources") {
        Some(Object::Reference(id)) => doc.get_dictionary(id)?.clone(),
        Some(Object::Dictionary(d)) => d,
        _ => Dictionary::new(),
    };
    for (category, name, id) in [("Font", FONT, font), ("XObject", QR, qr)] {
        let mut sub = match res.get(category.as_bytes()) {
            Ok(Object::Reference(r)) => doc.get_dictionary(*r).cloned().unwrap_or_default(),
            Ok(Object::Dictionary(d)) => d.clone(),
            _ => Dictionary::new(),
        };
        sub.set(name, id);
        res.set(category, sub);
    }
    doc.get_object_mut(page)?.as_dict_mut()?.set("Resources", res);
    Ok(())
}

/// Contents become `[q, …the page's own…, stamp]` (the stamp's stream starts with `Q`).
fn wrap_contents(
    doc: &mut Document,
    page: ObjectId,
    open: ObjectId,
    stamp: ObjectId,
) -> lopdf::Result<()> {
    let own: Vec<Object> = match doc.get_dictionary(page)?.get(b"Contents") {
        Ok(Object::Reference(id)) => match doc.get_object(*id) {
            Ok(Object::Array(a)) => a.clone(),
            _ => vec![Object::Reference(*id)],
        },
        Ok(Object::Array(a)) => a.clone(),
        _ => Vec::new(),
    };
    let mut all = Vec::with_capacity(own.len() + 2);
    all.push(Object::Reference(open));
    all.extend(own);
    all.push(Object::Reference(stamp));
    doc.get_object_mut(page)?.as_dict_mut()?.set("Contents", all);
    Ok(())
}

fn op(name: &str, args: Vec<Object>) -> Operation {
    Operation::new(name, args)
}

fn reals(v: &[f32]) -> Vec<Object> {
    v.iter().map(|n| Object::Real(*n)).collect()
}

/// The strip: white ground, a hairline above it, the line of text and the QR code.
fn strip_content(stamp: &Stamp, font: &mut Font, frame: [f32; 6], width: f32) -> Vec<u8> {
    let room = (width - 2.0 * EDGE - QR_SIDE - 8.0).max(10.0);
    let size = (room / text_width(stamp.line)).clamp(2.0, MAX_SIZE);
    let color = if stamp.warning { [0.75, 0.0, 0.0] } else { [0.0, 0.0, 0.0] };
    let ops = vec![
        op("Q", vec![]),
        op("q", vec![]),
        op("cm", reals(&frame)),
        op("g", reals(&[1.0])),
        op("re", reals(&[0.0, 0.0, width, STRIP])),
        op("f", vec![]),
        op("G", reals(&[0.6])),
        op("w", reals(&[0.5])),
        op("m", reals(&[EDGE, STRIP - 0.5])),
        op("l", reals(&[width - EDGE, STRIP - 0.5])),
        op("S", vec![]),
        op("rg", reals(&color)),
        op("BT", vec![]),
        op("Tf", vec![Object::Name(FONT.into()), Object::Real(size)]),
        op("Td", reals(&[EDGE, EDGE + (QR_SIDE - size) / 2.0])),
        op("Tj", vec![font.text(stamp.line)]),
        op("ET", vec![]),
        op("q", vec![]),
        op("cm", reals(&[QR_SIDE, 0.0, 0.0, QR_SIDE, width - EDGE - QR_SIDE, EDGE])),
        op("Do", vec![Object::Name(QR.into())]),
        op("Q", vec![]),
        op("Q", vec![]),
    ];
    Content { operations: ops }.encode().unwrap_or_default()
}

/// The QR code as a form XObject of one unit square: a filled rectangle per run of dark
/// modules in a row.
fn qr_form(data: &str) -> Result<Stream, Unstampable> {
    let code = qrcode::QrCode::with_error_correction_level(data.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| Unstampable(format!("no QR code ({e})")))?;
    let n = code.width();
    let dark = code.to_colors();
    let mut body = String::with_capacity(n * n * 4);
    body.push_str(&format!("q {0} 0 0 {0} 0 0 cm 0 g\n", 1.0 / n as f32));
    for row in 0..n {
        let mut col = 0;
        while col < n {
            if dark[row * n + col] != qrcode::Color::Dark {
                col += 1;
                continue;
            }
            let start = col;
            while col < n && dark[row * n + col] == qrcode::Color::Dark {
                col += 1;
            }
            body.push_str(&format!("{start} {} {} 1 re\n", n - 1 - row, col - start));
        }
    }
    body.push_str("f Q\n");
    let dict = dictionary! {"Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 1.into(), 1.into()]};
    let mut s = Stream::new(dict, body.into_bytes());
    let _ = s.compress();
    Ok(s)
}

/// The width of the text at 1 pt (every glyph of the font is as wide).
fn text_width(text: &str) -> f32 {
    (text.chars().count() as f32 * ADVANCE).max(1.0)
}

#[cfg(test)]
#[path = "stamp_tests.rs"]
mod tests;
