//! The text of a stored PDF, page by page, for search (decision "Search inside
//! documents"). Read in the PDF worker like every parse of an untrusted file
//! ([`super::worker`]: memory, CPU and wall-clock limits), with lopdf's own text
//! extraction after the same checks as an upload's. A page without text (a scan) comes
//! back empty and is flagged `scanned`.
use serde::{Deserialize, Serialize};

use super::{check, PdfError, Source};
use crate::base::error::Refusal;
use crate::documents::storage::Storage;

/// Characters kept of one page's text (the rest is not searchable).
pub const MAX_PAGE_CHARS: usize = 20_000;
/// Bytes of text answered for one file (pages past it are flagged as without text).
pub const MAX_TEXT_BYTES: usize = 4 * 1024 * 1024;

/// One page's text (`page` from 1; words separated by single spaces).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PageText {
    pub page: u32,
    pub text: String,
    /// No text on the page: a scanned image, or text lopdf cannot decode.
    pub scanned: bool,
}

/// Extracts the text of one stored PDF in the worker.
pub async fn extract(storage: &Storage, name: &str, key: &str) -> Result<Vec<PageText>, PdfError> {
    let bytes = super::worker::run_text(storage, &Source { name, key }).await?;
    serde_json::from_slice(&bytes)
        .map_err(|e| PdfError::Server(anyhow::anyhow!("PDF worker's text not read: {e}")))
}

/// The worker's side: the pages' text of one file, as JSON bytes.
pub fn extract_blocking(name: &str, bytes: &[u8]) -> Result<Vec<u8>, Refusal> {
    let doc = check::load_checked(name, bytes)?;
    let mut pages = Vec::new();
    let mut total = 0usize;
    for &n in doc.get_pages().keys() {
        let raw = if total < MAX_TEXT_BYTES {
            doc.extract_text(&[n]).unwrap_or_default()
        } else {
            String::new()
        };
        let text = normalise(&raw);
        total += text.len();
        pages.push(PageText { page: n, scanned: text.is_empty(), text });
    }
    serde_json::to_vec(&pages).map_err(|e| Refusal::from(format!("{name}: text not written: {e}")))
}

/// Words joined by single spaces, control characters dropped, at most
/// [`MAX_PAGE_CHARS`] characters.
pub fn normalise(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len().min(MAX_PAGE_CHARS));
    let mut chars = 0usize;
    for word in raw.split_whitespace() {
        let word: String = word.chars().filter(|c| !c.is_control()).collect();
        let n = word.chars().count();
        if n == 0 {
            continue;
        }
        if chars + n + 1 > MAX_PAGE_CHARS {
            break;
        }
        if chars > 0 {
            out.push(' ');
            chars += 1;
        }
        out.push_str(&word);
        chars += n;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalise_joins_words_and_caps() {
        assert_eq!(normalise("  Torque\n25\tNm \u{7}"), "Torque 25 Nm");
        let long = "word ".repeat(10_000);
        let n = normalise(&long);
        assert!(n.chars().count() <= MAX_PAGE_CHARS && n.ends_with("word"));
    }
}
