//! Text reports as PDF (issue 28 item 3, the auditor's file; decision "NN"): lines of
//! monospaced text on landscape Letter pages, a header and "page n of N" on every page,
//! long lines wrapped. Written with lopdf (already the upload checker's and the merger's
//! library): standard Courier, WinAnsi text, no embedded font, so the text reads back
//! (`pdftotext`, lopdf's `extract_text`) exactly as written.
use lopdf::content::{Content, Operation};
use lopdf::{dictionary, Document, Object, Stream};

const WIDTH: i64 = 792;
const HEIGHT: i64 = 612;
const MARGIN: i64 = 36;
const SIZE: i64 = 8;
const LEADING: i64 = 10;
/// Courier is 0.6 em wide: (792 - 2 × 36) / (8 × 0.6) = 150 characters a line.
pub const COLUMNS: usize = 150;
/// Lines below the header: (612 - 2 × 36 - 3 header lines) / 10.
const LINES_PER_PAGE: usize = ((HEIGHT - 2 * MARGIN) / LEADING) as usize - 3;

/// Lines wrapped at [`COLUMNS`], continuations indented.
fn wrapped(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for line in lines {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() <= COLUMNS {
            out.push(line.clone());
            continue;
        }
        out.push(chars[..COLUMNS].iter().collect());
        for part in chars[COLUMNS..].chunks(COLUMNS - 4) {
            out.push(format!("    {}", part.iter().collect::<String>()));
        }
    }
    out
}

/// WinAnsi bytes of the text (Latin-1 and the few symbols it has; '?' otherwise).
pub(super) fn win_ansi(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| match c {
            '·' => 0xB7,
            '—' => 0x97,
            '–' => 0x96,
            '’' => 0x92,
            '→' => b'>',
            c if (c as u32) < 0x7F && (c >= ' ') => c as u8,
            c if (0xA0..=0xFF).contains(&(c as u32)) => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

fn text_at(ops: &mut Vec<Operation>, x: i64, y: i64, text: &str) {
    ops.push(Operation::new("BT", vec![]));
    ops.push(Operation::new("Tf", vec!["F1".into(), SIZE.into()]));
    ops.push(Operation::new("Td", vec![x.into(), y.into()]));
    ops.push(Operation::new("Tj", vec![Object::String(win_ansi(text), lopdf::StringFormat::Literal)]));
    ops.push(Operation::new("ET", vec![]));
}

/// The PDF: `header` on top of every page with "page n of N", then `lines`.
pub fn text_pdf(title: &str, header: &str, lines: &[String]) -> Vec<u8> {
    let lines = wrapped(lines);
    let pages: Vec<&[String]> = if lines.is_empty() { vec![&[][..]] } else { lines.chunks(LINES_PER_PAGE).collect() };
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font =
        doc.add_object(dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Courier", "Encoding" => "WinAnsiEncoding"});
    let resources = doc.add_object(dictionary! {"Font" => dictionary! {"F1" => font}});
    let mut kids = Vec::new();
    for (n, page) in pages.iter().enumerate() {
        let mut ops = Vec::new();
        let mut y = HEIGHT - MARGIN - SIZE;
        text_at(&mut ops, MARGIN, y, &format!("{header} · page {} of {}", n + 1, pages.len()));
        y -= LEADING;
        text_at(&mut ops, MARGIN, y, &"-".repeat(COLUMNS));
        y -= 2 * LEADING;
        for line in page.iter() {
            text_at(&mut ops, MARGIN, y, line);
            y -= LEADING;
        }
        let content = Content { operations: ops }.encode().unwrap_or_default();
        let content_id = doc.add_object(Stream::new(dictionary! {}, content));
        let page_id = doc.add_object(dictionary! {
            "Type" => "Page", "Parent" => pages_id, "Contents" => content_id,
            "MediaBox" => vec![0.into(), 0.into(), WIDTH.into(), HEIGHT.into()], "Resources" => resources,
        });
        kids.push(Object::Reference(page_id));
    }
    let count = kids.len() as i64;
    doc.objects.insert(pages_id, Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => count}));
    let info = doc.add_object(dictionary! {"Title" => Object::string_literal(win_ansi(title)), "Producer" => "Plantdoc"});
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    doc.trailer.set("Info", info);
    doc.compress();
    let mut out = Vec::new();
    if let Err(e) = doc.save_to(&mut out) {
        tracing::error!(error = %e, "report PDF not written");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_has_the_header_and_the_lines_read_back() {
        let lines: Vec<String> = (0..120).map(|i| format!("row {i:03} · Read · 2026-01-01 08:30:00 +00:00")).collect();
        let pdf = text_pdf("Auditor's file", "Auditor's file · 7101-0001", &lines);
        let doc = Document::load_mem(&pdf).unwrap();
        let pages = doc.get_pages();
        assert_eq!(pages.len(), 120usize.div_ceil(LINES_PER_PAGE));
        let total = pages.len();
        for (n, _) in pages.iter() {
            let text = doc.extract_text(&[*n]).unwrap();
            assert!(text.contains(&format!("Auditor's file · 7101-0001 · page {n} of {total}")), "{text}");
        }
        let all = doc.extract_text(&pages.keys().copied().collect::<Vec<_>>()).unwrap();
        assert!(all.contains("row 000 · Read") && all.contains("row 119 · Read · 2026-01-01 08:30:00 +00:00"));
        assert_eq!(wrapped(&["x".repeat(COLUMNS * 2)]).len(), 3);
    }
}
