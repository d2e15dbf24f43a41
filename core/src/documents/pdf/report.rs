//! Text reports as PDF (the auditor's file, decision 63): lines of
//! monospaced text on landscape Letter pages, a header and "page n of N" on every page,
//! long lines wrapped. Written with lopdf (already the upload checker's and the merger's
//! library): the embedded DejaVu Sans Mono (`font`), any name as written, so the text reads back
//! (`pdftotext`, lopdf's `extract_text`) exactly as written.
use lopdf::content::{Content, Operation};
use lopdf::{dictionary, Document, Object, ObjectId, Stream};

use super::font::Font;

const WIDTH: i64 = 792;
const HEIGHT: i64 = 612;
const MARGIN: i64 = 36;
const SIZE: i64 = 8;
const LEADING: i64 = 10;
/// The font is 0.6 em wide: (792 - 2 × 36) / (8 × 0.6) = 150 characters a line.
pub const COLUMNS: usize = 150;
/// Lines below the header: (612 - 2 × 36 - 3 header lines) / 10.
const LINES_PER_PAGE: usize = ((HEIGHT - 2 * MARGIN) / LEADING) as usize - 3;

/// Lines wrapped at [`COLUMNS`], continuations indented.
#[cfg(test)]
fn wrapped(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for line in lines {
        wrap(line, &mut out);
    }
    out
}

fn wrap(line: &str, out: &mut Vec<String>) {
    if line.chars().count() <= COLUMNS {
        out.push(line.to_string());
        return;
    }
    let chars: Vec<char> = line.chars().collect();
    out.push(chars[..COLUMNS].iter().collect());
    for part in chars[COLUMNS..].chunks(COLUMNS - 4) {
        out.push(format!("    {}", part.iter().collect::<String>()));
    }
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

fn text_at(ops: &mut Vec<Operation>, font: &mut Font, x: i64, y: i64, text: &str) {
    ops.push(Operation::new("BT", vec![]));
    ops.push(Operation::new("Tf", vec!["F1".into(), SIZE.into()]));
    ops.push(Operation::new("Td", vec![x.into(), y.into()]));
    ops.push(Operation::new("Tj", vec![font.text(text)]));
    ops.push(Operation::new("ET", vec![]));
}

/// A text report made page by page (decision 96): lines are set and compressed as each
/// page fills, so a long report holds its pages compressed, never its lines. Each page's
/// header ("page n of N") is its own small stream, written once N is known.
pub struct Report {
    doc: Document,
    pages_id: ObjectId,
    resources: ObjectId,
    font: Font,
    header: String,
    /// The current page's lines (wrapped).
    page: Vec<String>,
    /// Each finished page and its body.
    done: Vec<(ObjectId, ObjectId)>,
}

impl Report {
    pub fn new(header: &str) -> Self {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let font = Font::new(&mut doc);
        let resources = doc.add_object(dictionary! {"Font" => dictionary! {"F1" => font.id}});
        Self {
            doc,
            pages_id,
            resources,
            font,
            header: header.to_string(),
            page: Vec::with_capacity(LINES_PER_PAGE),
            done: Vec::new(),
        }
    }

    /// One line (wrapped at [`COLUMNS`], continuations indented).
    pub fn line(&mut self, line: &str) {
        let mut parts = Vec::new();
        wrap(line, &mut parts);
        for part in parts {
            if self.page.len() == LINES_PER_PAGE {
                self.end_page();
            }
            self.page.push(part);
        }
    }

    fn end_page(&mut self) {
        let mut ops = Vec::new();
        let mut y = HEIGHT - MARGIN - SIZE - 3 * LEADING;
        for line in self.page.drain(..) {
            text_at(&mut ops, &mut self.font, MARGIN, y, &line);
            y -= LEADING;
        }
        let body = self.compressed(ops);
        let page = self.doc.new_object_id();
        self.done.push((page, body));
    }

    fn compressed(&mut self, ops: Vec<Operation>) -> ObjectId {
        let mut stream =
            Stream::new(dictionary! {}, Content { operations: ops }.encode().unwrap_or_default());
        let _ = stream.compress();
        self.doc.add_object(stream)
    }

    /// The PDF, titled `title`.
    pub fn finish(mut self, title: &str) -> Vec<u8> {
        if !self.page.is_empty() || self.done.is_empty() {
            self.end_page();
        }
        let total = self.done.len();
        let mut kids = Vec::with_capacity(total);
        for (n, (page, body)) in std::mem::take(&mut self.done).into_iter().enumerate() {
            let mut ops = Vec::new();
            let y = HEIGHT - MARGIN - SIZE;
            text_at(
                &mut ops,
                &mut self.font,
                MARGIN,
                y,
                &format!("{} · page {} of {total}", self.header, n + 1),
            );
            text_at(&mut ops, &mut self.font, MARGIN, y - LEADING, &"-".repeat(COLUMNS));
            let head = self.compressed(ops);
            self.doc.objects.insert(
                page,
                Object::Dictionary(dictionary! {
                    "Type" => "Page", "Parent" => self.pages_id, "Contents" => vec![head.into(), body.into()],
                    "MediaBox" => vec![0.into(), 0.into(), WIDTH.into(), HEIGHT.into()], "Resources" => self.resources,
                }),
            );
            kids.push(Object::Reference(page));
        }
        let count = kids.len() as i64;
        self.font.finish(&mut self.doc);
        self.doc.objects.insert(
            self.pages_id,
            Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => count}),
        );
        let info = self.doc.add_object(dictionary! {"Title" => Object::string_literal(win_ansi(title)), "Producer" => "Plantdoc"});
        let catalog =
            self.doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => self.pages_id});
        self.doc.trailer.set("Root", catalog);
        self.doc.trailer.set("Info", info);
        let mut out = Vec::new();
        if let Err(e) = self.doc.save_to(&mut out) {
            tracing::error!(error = %e, "report PDF not written");
        }
        drop(self);
        give_back();
        out
    }
}

/// Returns the memory a finished report freed to the system: glibc keeps freed pages in
/// the arena of the thread that used them, so a long report would leave the server at
/// its peak (decision 96).
fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of the allocator's own arenas.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The PDF: `header` on top of every page with "page n of N", then `lines`.
pub fn text_pdf(title: &str, header: &str, lines: &[String]) -> Vec<u8> {
    let mut report = Report::new(header);
    for line in lines {
        report.line(line);
    }
    report.finish(title)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_has_the_header_and_the_lines_read_back() {
        let lines: Vec<String> =
            (0..120).map(|i| format!("row {i:03} · Read · 2026-01-01 08:30:00 +00:00")).collect();
        let pdf = text_pdf("Auditor's file", "Auditor's file · 7101-0001", &lines);
        let doc = Document::load_mem(&pdf).unwrap();
        let pages = doc.get_pages();
        assert_eq!(pages.len(), 120usize.div_ceil(LINES_PER_PAGE));
        let total = pages.len();
        for (n, _) in pages.iter() {
            let text = doc.extract_text(&[*n]).unwrap();
            assert!(
                text.contains(&format!("Auditor's file · 7101-0001 · page {n} of {total}")),
                "{text}"
            );
        }
        let all = doc.extract_text(&pages.keys().copied().collect::<Vec<_>>()).unwrap();
        assert!(
            all.contains("row 000 · Read")
                && all.contains("row 119 · Read · 2026-01-01 08:30:00 +00:00")
        );
        assert_eq!(wrapped(&["x".repeat(COLUMNS * 2)]).len(), 3);
    }

    #[test]
    fn names_print_as_written() {
        let pdf = text_pdf(
            "Auditor's file",
            "Auditor's file · Żory",
            &["signature · Łukasz Wiśniewski (OP1) · Read".to_string()],
        );
        let doc = Document::load_mem(&pdf).unwrap();
        let text = doc.extract_text(&[1]).unwrap();
        assert!(
            text.contains("Auditor's file · Żory · page 1 of 1")
                && text.contains("signature · Łukasz Wiśniewski (OP1) · Read"),
            "{text}"
        );
    }
}
