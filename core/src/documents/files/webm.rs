//! What a WebM upload holds, read while it streams to storage (as `mp4` does for MP4):
//! the EBML header's DocType must be `webm`, and the track list (`Tracks`, which comes
//! before the first `Cluster` of media) must name a video track. Only the EBML header
//! and `Tracks` are kept; everything after `Tracks` passes through unread. Four magic
//! bytes alone prove nothing: `1A 45 DF A3` followed by HTML is not a video.
use crate::base::error::Refusal;
use crate::{msg, text};

/// Largest EBML header read (a real one is about 40 bytes).
const MAX_HEADER: u64 = 4096;
/// Largest track list read (a real one is a few hundred bytes, more with codec private data).
const MAX_TRACKS: u64 = 1024 * 1024;

const EBML: u32 = 0x1A45_DFA3;
const DOC_TYPE: u32 = 0x4282;
const SEGMENT: u32 = 0x1853_8067;
const TRACKS: u32 = 0x1654_AE6B;
const CLUSTER: u32 = 0x1F43_B675;
const TRACK_ENTRY: u32 = 0xAE;
const TRACK_TYPE: u32 = 0x83;
const CODEC_ID: u32 = 0x86;

const NOT_WEBM: &str =
    text!("This file is not a WebM video: it starts like one, but its header does not say WebM.");

/// The codecs of a WebM file's tracks (Matroska codec ids: `V_VP9`, `A_OPUS`…).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WebmInfo {
    pub video: Vec<String>,
    pub audio: Vec<String>,
}

enum State {
    /// Reading an element's ID and size into `head`.
    Header,
    Skip(u64),
    Keep {
        id: u32,
        left: u64,
        buf: Vec<u8>,
    },
    /// The track list is read: the rest is media.
    Done,
}

/// Reads the EBML elements fed to it, in chunks of any size.
pub struct WebmSniffer {
    head: Vec<u8>,
    state: State,
    seen_header: bool,
    in_segment: bool,
    info: Option<WebmInfo>,
    error: Option<String>,
}

impl Default for WebmSniffer {
    fn default() -> Self {
        Self {
            head: Vec::with_capacity(12),
            state: State::Header,
            seen_header: false,
            in_segment: false,
            info: None,
            error: None,
        }
    }
}

impl WebmSniffer {
    pub fn feed(&mut self, mut chunk: &[u8]) {
        while !chunk.is_empty() && self.error.is_none() {
            match &mut self.state {
                State::Done => return,
                State::Header => {
                    self.head.push(chunk[0]);
                    chunk = &chunk[1..];
                    match element_header(&self.head) {
                        Some(Ok((id, size))) => {
                            self.head.clear();
                            self.enter(id, size);
                        }
                        Some(Err(())) => self.fail(if self.seen_header {
                            text!("The WebM file is damaged (an element header cannot be read).")
                        } else {
                            NOT_WEBM
                        }),
                        None => {}
                    }
                }
                State::Skip(left) => {
                    let take = (*left).min(chunk.len() as u64);
                    chunk = &chunk[take as usize..];
                    *left -= take;
                    if *left == 0 {
                        self.state = State::Header;
                    }
                }
                State::Keep { id, left, buf } => {
                    let take = (*left).min(chunk.len() as u64) as usize;
                    buf.extend_from_slice(&chunk[..take]);
                    chunk = &chunk[take..];
                    *left -= take as u64;
                    if *left == 0 {
                        let (id, buf) = (*id, std::mem::take(buf));
                        self.state = State::Header;
                        self.kept(id, &buf);
                    }
                }
            }
        }
    }

    fn fail(&mut self, msg: &str) {
        self.error.get_or_insert_with(|| msg.to_string());
    }

    /// An element starts: keep it, skip it, or step into it (the Segment).
    fn enter(&mut self, id: u32, size: Option<u64>) {
        if !self.seen_header {
            return match size {
                Some(s) if id == EBML && s <= MAX_HEADER => self.keep(id, s),
                _ => self.fail(NOT_WEBM),
            };
        }
        match (id, size) {
            (SEGMENT, _) if !self.in_segment => self.in_segment = true,
            (TRACKS, Some(s)) if self.in_segment && s <= MAX_TRACKS => self.keep(id, s),
            (TRACKS, _) if self.in_segment => {
                self.fail(text!("The WebM file's track list is too large to check."))
            }
            (CLUSTER, _) if self.in_segment => self.fail(text!(
                "The WebM file has video data before its track list; save or convert it again."
            )),
            (_, Some(s)) => self.state = if s == 0 { State::Header } else { State::Skip(s) },
            (_, None) => self.fail(text!(
                "The WebM file is damaged (an element of unknown size before the track list)."
            )),
        }
    }

    fn keep(&mut self, id: u32, size: u64) {
        if size == 0 {
            self.kept(id, &[]);
        } else {
            self.state = State::Keep { id, left: size, buf: Vec::with_capacity(size as usize) };
        }
    }

    fn kept(&mut self, id: u32, body: &[u8]) {
        if id == EBML {
            self.seen_header = true;
            let doc_type = children(body).find(|(k, _)| *k == DOC_TYPE).map(|(_, v)| text(v));
            if doc_type.as_deref() != Some("webm") {
                self.fail(NOT_WEBM);
            }
        } else if id == TRACKS {
            let mut info = WebmInfo::default();
            for (_, entry) in children(body).filter(|(k, _)| *k == TRACK_ENTRY) {
                let kind = children(entry)
                    .find(|(k, _)| *k == TRACK_TYPE)
                    .map(|(_, v)| v.iter().fold(0u64, |n, b| n << 8 | *b as u64));
                let codec = children(entry)
                    .find(|(k, _)| *k == CODEC_ID)
                    .map(|(_, v)| text(v))
                    .unwrap_or_default();
                match kind {
                    Some(1) => info.video.push(codec),
                    Some(2) => info.audio.push(codec),
                    _ => {}
                }
            }
            self.info = Some(info);
            self.state = State::Done;
        }
    }

    /// After the last chunk: the tracks' codecs, or why the file cannot be read.
    pub fn finish(self) -> Result<WebmInfo, Refusal> {
        if let Some(e) = self.error {
            return Err(e.into());
        }
        if !self.seen_header {
            return Err(NOT_WEBM.into());
        }
        self.info
            .ok_or_else(|| text!("The WebM file has no track list: it may be cut short.").into())
    }
}

/// Whether the kiosk's Chromium plays this WebM, and the message for the user if not.
pub fn playable(info: &WebmInfo) -> Result<(), Refusal> {
    let Some(video) = info.video.first() else {
        return Err(text!("This WebM file has no video track (sound only?).").into());
    };
    if !matches!(video.as_str(), "V_VP8" | "V_VP9" | "V_AV1") {
        return Err(msg!("This video's codec ({video}) cannot be played at the kiosk. Convert it to H.264 MP4 or VP9 WebM.").into());
    }
    if let Some(a) = info.audio.iter().find(|a| !matches!(a.as_str(), "A_OPUS" | "A_VORBIS")) {
        return Err(msg!(
            "This video's sound ({a}) cannot be played at the kiosk. Convert it to VP9 WebM with Opus sound, or without sound."
        )
        .into());
    }
    Ok(())
}

fn text(v: &[u8]) -> String {
    String::from_utf8_lossy(v).trim_end_matches('\0').to_string()
}

/// An element's ID (with its length marker, as the spec writes IDs) and data size
/// (`None`: unknown) from the bytes read so far: `None` while incomplete, `Err` when
/// they cannot start an element.
fn element_header(b: &[u8]) -> Option<Result<(u32, Option<u64>), ()>> {
    let Some(id_len) = vint_len(*b.first()?).filter(|l| *l <= 4) else { return Some(Err(())) };
    if b.len() < id_len + 1 {
        return None;
    }
    let id = b[..id_len].iter().fold(0u32, |n, x| n << 8 | *x as u32);
    let Some(size_len) = vint_len(b[id_len]) else { return Some(Err(())) };
    if b.len() < id_len + size_len {
        return None;
    }
    Some(Ok((id, vint(&b[id_len..id_len + size_len]))))
}

/// The length of a variable-size integer from its first byte (`None`: 0x00, invalid).
fn vint_len(first: u8) -> Option<usize> {
    (first != 0).then(|| first.leading_zeros() as usize + 1)
}

/// The value of a whole size vint, `None` when all its value bits are set (unknown size).
fn vint(b: &[u8]) -> Option<u64> {
    let len = b.len();
    let value = b[1..].iter().fold((b[0] as u64) & (0xFFu64 >> len), |n, x| n << 8 | *x as u64);
    (value != (1u64 << (7 * len)) - 1).then_some(value)
}

/// The elements inside an element's body (stops at the first malformed or unsized one).
fn children(mut data: &[u8]) -> impl Iterator<Item = (u32, &[u8])> {
    std::iter::from_fn(move || {
        let id_len = vint_len(*data.first()?).filter(|l| *l <= 4)?;
        let size_len = vint_len(*data.get(id_len)?)?;
        let head = id_len + size_len;
        if data.len() < head {
            return None;
        }
        let id = data[..id_len].iter().fold(0u32, |n, x| n << 8 | *x as u32);
        let size = vint(&data[id_len..head])? as usize;
        let body = data.get(head..head.checked_add(size)?)?;
        data = &data[head + size..];
        Some((id, body))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An element with a one-byte size (bodies under 127 bytes) or an 8-byte size.
    fn el(id: u32, body: &[u8]) -> Vec<u8> {
        let mut v: Vec<u8> = id.to_be_bytes().into_iter().skip_while(|b| *b == 0).collect();
        if body.len() < 127 {
            v.push(0x80 | body.len() as u8);
        } else {
            v.push(0x01);
            v.extend_from_slice(&(body.len() as u64).to_be_bytes()[1..]);
        }
        v.extend_from_slice(body);
        v
    }

    fn track(kind: u8, codec: &str) -> Vec<u8> {
        el(
            TRACK_ENTRY,
            &[el(0xD7, &[1]), el(TRACK_TYPE, &[kind]), el(CODEC_ID, codec.as_bytes())].concat(),
        )
    }

    fn file(doc: &str, tracks: &[Vec<u8>]) -> Vec<u8> {
        let header = el(EBML, &[el(0x4286, &[1]), el(DOC_TYPE, doc.as_bytes())].concat());
        let info = el(0x1549_A966, &[0u8; 300]);
        let cluster = el(CLUSTER, &[9u8; 5000]);
        // The Segment of unknown size, as a live recording writes it.
        let segment = [
            &[0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF][..],
            &info,
            &el(TRACKS, &tracks.concat()),
            &cluster,
        ]
        .concat();
        [header, segment].concat()
    }

    fn sniff(bytes: &[u8], chunk: usize) -> Result<WebmInfo, Refusal> {
        let mut s = WebmSniffer::default();
        bytes.chunks(chunk).for_each(|c| s.feed(c));
        s.finish()
    }

    #[test]
    fn reads_the_tracks_in_any_chunking() {
        let f = file("webm", &[track(1, "V_VP9"), track(2, "A_OPUS")]);
        for chunk in [1, 3, 7, 64, 100_000] {
            let info = sniff(&f, chunk).unwrap();
            assert_eq!(info.video, vec!["V_VP9".to_string()]);
            assert_eq!(info.audio, vec!["A_OPUS".to_string()]);
            assert!(playable(&info).is_ok());
        }
    }

    #[test]
    fn refuses_html_after_the_magic_matroska_sound_only_and_cut_files() {
        let html = b"\x1A\x45\xDF\xA3<html><script>alert(1)</script></html>";
        assert_eq!(sniff(html, 5).unwrap_err(), NOT_WEBM);
        assert_eq!(sniff(&file("matroska", &[track(1, "V_VP9")]), 9).unwrap_err(), NOT_WEBM);
        let audio = sniff(&file("webm", &[track(2, "A_OPUS")]), 9).unwrap();
        assert!(playable(&audio).unwrap_err().contains("no video track"));
        let h264 = sniff(&file("webm", &[track(1, "V_MPEG4/ISO/AVC")]), 9).unwrap();
        assert!(playable(&h264).unwrap_err().contains("V_MPEG4/ISO/AVC"));
        let f = file("webm", &[track(1, "V_VP9")]);
        assert!(sniff(&f[..60], 7).unwrap_err().contains("no track list"));
        assert!(sniff(&f[..3], 7).is_err());
    }

    #[test]
    fn reads_the_real_fixture() {
        let bytes =
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/app/tests/fixtures/real/vp9.webm"))
                .unwrap();
        let info = sniff(&bytes, 4096).unwrap();
        assert_eq!(info.video, vec!["V_VP9".to_string()]);
    }
}
