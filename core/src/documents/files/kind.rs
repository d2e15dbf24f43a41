//! What an upload is, by content: the kinds modules accept and their content types.
use crate::base::error::Refusal;
use crate::{msg, text};

/// What an upload must be, judged by its first bytes and its name (never Content-Type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Video,
}

/// The stored content type for a file of `kind` with these first bytes and this name,
/// or the message for the `file` field. Videos in an MP4 or QuickTime container are
/// checked further while they stream (`mp4`): their codec decides, not their name.
pub fn detect(kind: FileKind, head: &[u8], filename: &str) -> Result<&'static str, Refusal> {
    let ext = filename.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match kind {
        FileKind::Pdf => {
            if !head.starts_with(b"%PDF-") {
                return Err(text!("This file is not a PDF.").into());
            }
            if ext != "pdf" {
                return Err(text!("A PDF file name must end in .pdf.").into());
            }
            Ok("application/pdf")
        }
        FileKind::Video => {
            let (ct, exts): (&str, &[&str]) = if head.len() >= 12 && &head[4..8] == b"ftyp" {
                let ct = if &head[8..12] == b"qt  " { "video/quicktime" } else { "video/mp4" };
                (ct, &["mp4", "m4v", "mov"])
            } else if head.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
                ("video/webm", &["webm"])
            } else {
                return Err(text!("The video must be an MP4, MOV (H.264) or WebM file.").into());
            };
            if !exts.contains(&ext.as_str()) {
                return Err(
                    msg!("This video's file name must end in .{}.", exts.join(", .")).into()
                );
            }
            Ok(ct)
        }
    }
}

/// A video container read while the file streams, judged after its last byte: MP4 and
/// QuickTime by their sample descriptions, WebM by its header and track list.
pub enum Sniffer {
    Mp4(super::mp4::Mp4Sniffer),
    Webm(super::webm::WebmSniffer),
}

impl Sniffer {
    /// The reader for a stored content type (`None`: nothing to read while streaming).
    pub fn for_type(content_type: &str) -> Option<Self> {
        match content_type {
            "video/mp4" | "video/quicktime" => Some(Self::Mp4(Default::default())),
            "video/webm" => Some(Self::Webm(Default::default())),
            _ => None,
        }
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        match self {
            Self::Mp4(s) => s.feed(bytes),
            Self::Webm(s) => s.feed(bytes),
        }
    }

    /// After the last chunk: whether the kiosk plays the file, or the message for the user.
    pub fn verdict(self) -> Result<(), Refusal> {
        match self {
            Self::Mp4(s) => s.finish().and_then(|i| super::mp4::playable(&i)),
            Self::Webm(s) => s.finish().and_then(|i| super::webm::playable(&i)),
        }
    }
}

/// Upload names are plain file names: a path (`../x.pdf`, `C:\\x.pdf`) or a control
/// character is refused rather than quietly cut (docs/security.md). So are Unicode
/// direction controls, which make a name read otherwise than it is (`invoice\u{202E}fdp.exe`
/// shows as `invoiceexe.pdf`).
pub fn check_name(name: &str) -> Result<(), Refusal> {
    if name.contains(['/', '\\'])
        || name.chars().any(char::is_control)
        || name.trim_matches('.').trim().is_empty()
    {
        return Err(text!(
            "The file name must be a plain name, without folders (/ or \\) or control characters."
        )
        .into());
    }
    if name.chars().any(is_bidi_control) {
        return Err(text!("The file name contains invisible text-direction characters, which can disguise what it is. Rename the file and upload it again.").into());
    }
    Ok(())
}

/// Unicode's explicit direction controls: embeddings and overrides (U+202A–202E),
/// isolates (U+2066–2069) and the marks (U+200E, U+200F, U+061C).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// The extension a download of this content type gets.
pub fn extension(content_type: &str) -> &'static str {
    match content_type {
        "application/pdf" => "pdf",
        "video/webm" => "webm",
        "video/quicktime" => "mov",
        _ => "mp4",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_direction_controls_are_refused() {
        for c in [
            '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
            '\u{2068}', '\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}',
        ] {
            let msg = check_name(&format!("invoice{c}fdp.exe")).unwrap_err();
            assert!(msg.contains("text-direction"), "{c:?}: {msg}");
        }
        assert!(check_name("Prüfplan ערבית 東京.pdf").is_ok());
        assert!(
            check_name("a\u{200D}b.pdf").is_ok(),
            "a zero-width joiner (emoji, scripts) is not a direction control"
        );
    }
}
