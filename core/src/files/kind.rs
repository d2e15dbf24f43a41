//! What an upload is, by content: the kinds modules accept and their content types.

/// What an upload must be, judged by its first bytes and its name (never Content-Type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Pdf,
    Video,
}

/// The stored content type for a file of `kind` with these first bytes and this name,
/// or the message for the `file` field. Videos in an MP4 or QuickTime container are
/// checked further while they stream (`mp4`): their codec decides, not their name.
pub fn detect(kind: FileKind, head: &[u8], filename: &str) -> Result<&'static str, String> {
    let ext = filename.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match kind {
        FileKind::Pdf => {
            if !head.starts_with(b"%PDF-") {
                return Err("This file is not a PDF.".into());
            }
            if ext != "pdf" {
                return Err("A PDF file name must end in .pdf.".into());
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
                return Err("The video must be an MP4, MOV (H.264) or WebM file.".into());
            };
            if !exts.contains(&ext.as_str()) {
                return Err(format!("This video's file name must end in .{}.", exts.join(", .")));
            }
            Ok(ct)
        }
    }
}

/// Upload names are plain file names: a path (`../x.pdf`, `C:\\x.pdf`) or a control
/// character is refused rather than quietly cut (docs/security.md).
pub fn check_name(name: &str) -> Result<(), String> {
    if name.contains(['/', '\\']) || name.chars().any(char::is_control) || name.trim_matches('.').trim().is_empty() {
        return Err("The file name must be a plain name, without folders (/ or \\) or control characters.".into());
    }
    Ok(())
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
