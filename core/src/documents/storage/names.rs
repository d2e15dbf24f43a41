//! What a download is called and how it is signed: the folder link's HMAC, the
//! `Content-Disposition` (inline for PDFs and videos) and a name with no path in it.
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// HMAC of a folder link's parts (a controlled copy's facts too). The parts are NUL
/// separated: the download refuses a part holding a NUL, so no link reads as another.
pub(crate) fn link_signature(
    secret: &[u8],
    key: &str,
    exp: i64,
    name: &str,
    content_type: &str,
    cc: Option<&str>,
) -> String {
    mac(secret, [key, &exp.to_string(), name, content_type].into_iter().chain(cc))
}

/// HMAC-SHA256 of NUL-separated `parts`, hex: a caller refuses a part holding a NUL.
pub(crate) fn mac<'a>(secret: &[u8], parts: impl IntoIterator<Item = &'a str>) -> String {
    let mut m = Hmac::<Sha256>::new_from_slice(secret).expect("hmac key");
    for part in parts {
        m.update(part.as_bytes());
        m.update(&[0]);
    }
    hex::encode(m.finalize().into_bytes())
}

/// PDFs and videos open inline (the viewer embeds them); anything else downloads.
pub fn disposition(name: &str, content_type: &str) -> String {
    let name = safe_filename(name);
    let kind = if content_type == "application/pdf" || content_type.starts_with("video/") {
        "inline"
    } else {
        "attachment"
    };
    format!("{kind}; filename=\"{}\"", name.replace(|c: char| !c.is_ascii(), "_"))
}

/// A download name with no path and no quotes or control characters.
pub fn safe_filename(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or("");
    let clean: String =
        base.chars().filter(|c| !c.is_control() && *c != '"' && *c != ';').take(150).collect();
    let clean = clean.trim().trim_start_matches('.').to_string();
    if clean.is_empty() {
        "file".into()
    } else {
        clean
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filenames_lose_their_paths() {
        assert_eq!(safe_filename("../../etc/passwd"), "passwd");
        assert_eq!(safe_filename("..\\..\\boot.ini"), "boot.ini");
        assert_eq!(safe_filename("a\"b;c.pdf"), "abc.pdf");
        assert_eq!(safe_filename(".."), "file");
        assert_eq!(safe_filename(""), "file");
    }
}
