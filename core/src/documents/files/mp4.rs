//! What an MP4 or QuickTime upload holds, read while it streams to storage: the
//! container's brand (`ftyp`) and each track's codec (the sample description in `moov`).
//! Only `ftyp` and `moov` are kept (a phone video's `moov` is a few hundred KB at most);
//! the media data (`mdat`) passes through unread, before or after `moov`.
use crate::base::error::Refusal;
use crate::{msg, text};

/// Largest `moov` box read (larger: refused, never buffered).
const MAX_MOOV: u64 = 32 * 1024 * 1024;
/// Largest `ftyp` box read.
const MAX_FTYP: u64 = 4096;

/// What the boxes of one file say.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Mp4Info {
    /// The major brand (`isom`, `mp42`, `M4V `, `qt  `…).
    pub brand: String,
    /// The sample-entry code of each video track (`avc1`, `hvc1`, `apcn`…).
    pub video: Vec<String>,
    /// The sample-entry code of each sound track (`mp4a`…).
    pub audio: Vec<String>,
}

impl Mp4Info {
    pub fn is_quicktime(&self) -> bool {
        self.brand == "qt  "
    }
}

enum Body {
    Keep(Vec<u8>),
    Skip,
}

/// Reads top-level boxes from the bytes fed to it, in chunks of any size.
pub struct Mp4Sniffer {
    header: Vec<u8>,
    /// Type and bytes left of the box being read (`None` left: to the end of the file).
    current: Option<([u8; 4], Option<u64>, Body)>,
    ftyp: Option<Vec<u8>>,
    moov: Option<Vec<u8>>,
    error: Option<String>,
}

impl Default for Mp4Sniffer {
    fn default() -> Self {
        Self { header: Vec::with_capacity(16), current: None, ftyp: None, moov: None, error: None }
    }
}

impl Mp4Sniffer {
    pub fn feed(&mut self, mut chunk: &[u8]) {
        while !chunk.is_empty() && self.error.is_none() {
            match &mut self.current {
                None => chunk = self.read_header(chunk),
                Some((kind, left, body)) => {
                    let take = left.map_or(chunk.len(), |l| (l.min(chunk.len() as u64)) as usize);
                    if let Body::Keep(buf) = body {
                        buf.extend_from_slice(&chunk[..take]);
                    }
                    chunk = &chunk[take..];
                    if let Some(l) = left {
                        *l -= take as u64;
                        if *l == 0 {
                            let kind = *kind;
                            if let Some((_, _, Body::Keep(buf))) = self.current.take() {
                                self.keep(kind, buf);
                            }
                        }
                    }
                }
            }
        }
    }

    fn read_header<'a>(&mut self, chunk: &'a [u8]) -> &'a [u8] {
        let need = if self.header.len() >= 8 && be32(&self.header[0..4]) == 1 { 16 } else { 8 };
        let take = (need - self.header.len()).min(chunk.len());
        self.header.extend_from_slice(&chunk[..take]);
        if self.header.len() < need {
            return &chunk[take..];
        }
        let size32 = be32(&self.header[0..4]) as u64;
        if need == 8 && size32 == 1 {
            return &chunk[take..]; // a 64-bit size follows
        }
        let kind: [u8; 4] = self.header[4..8].try_into().unwrap_or_default();
        let (size, head_len) =
            if size32 == 1 { (be64(&self.header[8..16]), 16) } else { (size32, 8) };
        self.header.clear();
        let left = match size {
            0 => None,
            s if s < head_len => {
                self.error = Some(
                    text!("The video file is damaged (a box is shorter than its header).").into(),
                );
                return &[];
            }
            s => Some(s - head_len),
        };
        let body = match &kind {
            b"ftyp" if left.is_some_and(|l| l <= MAX_FTYP) => Body::Keep(Vec::new()),
            b"moov" => match left {
                Some(l) if l <= MAX_MOOV => Body::Keep(Vec::with_capacity(l as usize)),
                _ => {
                    self.error =
                        Some(text!("The video's index (moov) is too large to check.").into());
                    return &[];
                }
            },
            _ => Body::Skip,
        };
        if left == Some(0) {
            if let Body::Keep(buf) = body {
                self.keep(kind, buf);
            }
        } else {
            self.current = Some((kind, left, body));
        }
        &chunk[take..]
    }

    fn keep(&mut self, kind: [u8; 4], buf: Vec<u8>) {
        match &kind {
            b"ftyp" if self.ftyp.is_none() => self.ftyp = Some(buf),
            b"moov" if self.moov.is_none() => self.moov = Some(buf),
            _ => {}
        }
    }

    /// After the last chunk: the brand and codecs, or why the file cannot be read.
    pub fn finish(self) -> Result<Mp4Info, Refusal> {
        if let Some(e) = self.error {
            return Err(e.into());
        }
        if let Some((kind, Some(_), _)) = &self.current {
            return Err(msg!(
                "The video file is cut short (in its {} box).",
                String::from_utf8_lossy(kind)
            )
            .into());
        }
        let ftyp = self.ftyp.ok_or(text!("The video has no file-type box (ftyp)."))?;
        let brand =
            ftyp.get(0..4).map(fourcc).ok_or(text!("The video's file-type box is damaged."))?;
        let moov = self.moov.ok_or(text!(
            "The video has no index (moov box): it may be cut short or still being recorded."
        ))?;
        let mut info = Mp4Info { brand, ..Default::default() };
        for trak in children(&moov).filter(|(k, _)| k == b"trak") {
            let Some(mdia) = child(trak.1, b"mdia") else { continue };
            let handler =
                child(mdia, b"hdlr").and_then(|h| h.get(8..12)).map(fourcc).unwrap_or_default();
            let entry = child(mdia, b"minf")
                .and_then(|m| child(m, b"stbl"))
                .and_then(|s| child(s, b"stsd"))
                .and_then(|d| d.get(8..)) // version, flags, entry count
                .and_then(|entries| children(entries).next())
                .map(|(k, _)| fourcc(&k));
            match (handler.as_str(), entry) {
                ("vide", Some(c)) => info.video.push(c),
                ("soun", Some(c)) => info.audio.push(c),
                _ => {}
            }
        }
        Ok(info)
    }
}

fn be32(b: &[u8]) -> u32 {
    u32::from_be_bytes([b[0], b[1], b[2], b[3]])
}

fn be64(b: &[u8]) -> u64 {
    u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}

fn fourcc(b: &[u8]) -> String {
    b.iter()
        .take(4)
        .map(|&c| if c.is_ascii_graphic() || c == b' ' { c as char } else { '?' })
        .collect()
}

/// The boxes inside a box's payload (stops at the first malformed one).
fn children(mut data: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    std::iter::from_fn(move || {
        if data.len() < 8 {
            return None;
        }
        let kind: [u8; 4] = data[4..8].try_into().ok()?;
        let (size, head) = match be32(&data[0..4]) as u64 {
            1 if data.len() >= 16 => (be64(&data[8..16]), 16),
            0 => (data.len() as u64, 8),
            s => (s, 8),
        };
        if size < head || size > data.len() as u64 {
            return None;
        }
        let (this, rest) = data.split_at(size as usize);
        data = rest;
        Some((kind, &this[head as usize..]))
    })
}

fn child<'a>(data: &'a [u8], kind: &[u8; 4]) -> Option<&'a [u8]> {
    children(data).find(|(k, _)| k == kind).map(|(_, b)| b)
}

/// Whether the kiosk's Chromium plays this file, and the message for the user if not.
pub fn playable(info: &Mp4Info) -> Result<(), Refusal> {
    let Some(video) = info.video.first() else {
        return Err(text!("This file has no video track.").into());
    };
    match video.as_str() {
        "avc1" | "avc3" | "av01" | "vp09" => {}
        "hvc1" | "hev1" => {
            return Err(msg!(
                "This video is HEVC/H.265 ({video}), which the kiosk cannot play. On an iPhone choose Settings → Camera → Formats → Most Compatible and film it again, or convert it to H.264 MP4."
            ).into())
        }
        c if c.starts_with("ap") => {
            return Err(msg!("This video is Apple ProRes ({c}), which the kiosk cannot play. Export or convert it to H.264 MP4.").into())
        }
        c => return Err(msg!("This video's codec ({c}) cannot be played at the kiosk. Convert it to H.264 MP4.").into()),
    }
    for a in &info.audio {
        if !matches!(a.as_str(), "mp4a" | "Opus" | "opus") {
            return Err(msg!(
                "This video's sound ({a}) cannot be played at the kiosk. Convert it to H.264 MP4 with AAC sound, or without sound."
            )
            .into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bx(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut v = ((body.len() + 8) as u32).to_be_bytes().to_vec();
        v.extend_from_slice(kind);
        v.extend_from_slice(body);
        v
    }

    fn file(brand: &[u8; 4], codec: &[u8; 4], moov_first: bool) -> Vec<u8> {
        let stsd =
            bx(b"stsd", &[&[0u8; 4][..], &1u32.to_be_bytes(), &bx(codec, &[0; 20])].concat());
        let hdlr = bx(b"hdlr", &[&[0u8; 8][..], b"vide", &[0; 12]].concat());
        let trak = bx(b"trak", &bx(b"mdia", &[hdlr, bx(b"minf", &bx(b"stbl", &stsd))].concat()));
        let moov = bx(b"moov", &trak);
        let mdat = bx(b"mdat", &[7u8; 5000]);
        let ftyp = bx(b"ftyp", &[&brand[..], &[0, 0, 2, 0], &brand[..]].concat());
        if moov_first {
            [ftyp, moov, mdat].concat()
        } else {
            [ftyp, mdat, moov].concat()
        }
    }

    fn sniff(bytes: &[u8], chunk: usize) -> Result<Mp4Info, Refusal> {
        let mut s = Mp4Sniffer::default();
        bytes.chunks(chunk).for_each(|c| s.feed(c));
        s.finish()
    }

    #[test]
    fn reads_brand_and_codec_in_any_chunking_with_moov_before_or_after_the_data() {
        for moov_first in [true, false] {
            let f = file(b"qt  ", b"avc1", moov_first);
            for chunk in [1, 3, 7, 64, 100_000] {
                let info = sniff(&f, chunk).unwrap();
                assert_eq!(info.brand, "qt  ");
                assert_eq!(info.video, vec!["avc1".to_string()]);
                assert!(playable(&info).is_ok());
            }
        }
    }

    #[test]
    fn refuses_hevc_and_prores_naming_the_codec_and_a_cut_file() {
        let hevc = sniff(&file(b"qt  ", b"hvc1", false), 10).unwrap();
        let msg = playable(&hevc).unwrap_err();
        assert!(msg.contains("HEVC/H.265 (hvc1)") && msg.contains("Most Compatible"), "{msg}");
        let prores = sniff(&file(b"qt  ", b"apcn", true), 10).unwrap();
        assert!(playable(&prores).unwrap_err().contains("ProRes (apcn)"));
        let f = file(b"isom", b"avc1", false);
        assert!(sniff(&f[..f.len() - 10], 50).is_err());
        assert!(sniff(&f[..100], 50).unwrap_err().contains("cut short"));
    }
}
