//! The decompression bound (docs/security.md, "Uploaded PDFs" 4): every stream's filter
//! chain is decoded layer by layer (Flate, LZW, ASCIIHex, ASCII85, RunLength, in any
//! order) into a counting sink with a cap, so a bomb behind another filter
//! (`[/ASCIIHexDecode /FlateDecode]`) is measured too. Image codecs (DCT, JPX, CCITT,
//! JBIG2) end the chain: their pixels are the viewer's, not a stream that grows here.
use std::io::{BufRead, BufReader, Read};

use lopdf::{Dictionary, Object};

/// A filter the check can decode, by its full or abbreviated name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Flate,
    Lzw,
    AsciiHex,
    Ascii85,
    RunLength,
}

impl Filter {
    fn parse(name: &[u8]) -> Option<Self> {
        Some(match name {
            b"FlateDecode" | b"Fl" => Self::Flate,
            b"LZWDecode" | b"LZW" => Self::Lzw,
            b"ASCIIHexDecode" | b"AHx" => Self::AsciiHex,
            b"ASCII85Decode" | b"A85" => Self::Ascii85,
            b"RunLengthDecode" | b"RL" => Self::RunLength,
            _ => return None,
        })
    }
}

/// The decodable head of a stream's filter chain (at most 8 layers).
pub fn chain(dict: &Dictionary) -> Vec<Filter> {
    let names: Vec<&[u8]> = match dict.get(b"Filter") {
        Ok(Object::Array(a)) => a.iter().filter_map(|o| o.as_name().ok()).collect(),
        Ok(o) => o.as_name().ok().into_iter().collect(),
        Err(_) => Vec::new(),
    };
    names.into_iter().map_while(Filter::parse).take(8).collect()
}

/// How many bytes `content` decodes to through `chain`, counting at most `cap + 1`
/// (a corrupt layer stops counting where it breaks; viewers show what decodes).
pub fn decoded_len(content: &[u8], chain: &[Filter], cap: u64) -> u64 {
    let mut reader: Box<dyn Read + '_> = Box::new(content);
    for f in chain {
        reader = match f {
            Filter::Flate => Box::new(flate2::read::ZlibDecoder::new(reader)),
            Filter::Lzw => Box::new(Lzw::new(reader)),
            Filter::AsciiHex => Box::new(Bytewise::new(reader, AsciiHex::default())),
            Filter::Ascii85 => Box::new(Bytewise::new(reader, Ascii85::default())),
            Filter::RunLength => Box::new(Bytewise::new(reader, RunLength::default())),
        };
    }
    let mut counted = 0u64;
    let mut buf = vec![0u8; 64 * 1024];
    let mut r = reader.take(cap + 1);
    loop {
        match r.read(&mut buf) {
            Ok(0) | Err(_) => return counted,
            Ok(n) => counted += n as u64,
        }
    }
}

/// A decoder fed one input byte at a time, writing what it decodes into `out`;
/// `true` when it has seen its end-of-data mark.
trait ByteDecoder {
    fn push(&mut self, b: u8, out: &mut Vec<u8>) -> bool;
    fn finish(&mut self, _out: &mut Vec<u8>) {}
}

struct Bytewise<'a, D> {
    inner: BufReader<Box<dyn Read + 'a>>,
    dec: D,
    pending: Vec<u8>,
    at: usize,
    done: bool,
}

impl<'a, D: ByteDecoder> Bytewise<'a, D> {
    fn new(inner: Box<dyn Read + 'a>, dec: D) -> Self {
        Self { inner: BufReader::new(inner), dec, pending: Vec::new(), at: 0, done: false }
    }
}

impl<D: ByteDecoder> Read for Bytewise<'_, D> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.at >= self.pending.len() {
            if self.done {
                return Ok(0);
            }
            self.pending.clear();
            self.at = 0;
            let input = self.inner.fill_buf()?;
            if input.is_empty() {
                self.dec.finish(&mut self.pending);
                self.done = true;
                continue;
            }
            let mut used = 0;
            for &b in input {
                used += 1;
                if self.dec.push(b, &mut self.pending) {
                    self.done = true;
                    break;
                }
                if self.pending.len() >= 64 * 1024 {
                    break;
                }
            }
            self.inner.consume(used);
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[derive(Default)]
struct AsciiHex {
    high: Option<u8>,
}

impl ByteDecoder for AsciiHex {
    fn push(&mut self, b: u8, out: &mut Vec<u8>) -> bool {
        if b == b'>' {
            self.finish(out);
            return true;
        }
        let Some(v) = (b as char).to_digit(16) else { return false };
        match self.high.take() {
            Some(h) => out.push(h << 4 | v as u8),
            None => self.high = Some(v as u8),
        }
        false
    }
    fn finish(&mut self, out: &mut Vec<u8>) {
        if let Some(h) = self.high.take() {
            out.push(h << 4);
        }
    }
}

#[derive(Default)]
struct Ascii85 {
    group: [u8; 5],
    n: usize,
    tilde: bool,
}

impl ByteDecoder for Ascii85 {
    fn push(&mut self, b: u8, out: &mut Vec<u8>) -> bool {
        if self.tilde || b == b'~' {
            self.tilde = true;
            if b == b'>' {
                self.finish(out);
                return true;
            }
            return false;
        }
        if b == b'z' && self.n == 0 {
            out.extend_from_slice(&[0; 4]);
        } else if (b'!'..=b'u').contains(&b) {
            self.group[self.n] = b - b'!';
            self.n += 1;
            if self.n == 5 {
                out.extend_from_slice(&word(&self.group));
                self.n = 0;
            }
        }
        false
    }
    fn finish(&mut self, out: &mut Vec<u8>) {
        if self.n > 1 {
            let mut g = [84u8; 5];
            g[..self.n].copy_from_slice(&self.group[..self.n]);
            out.extend_from_slice(&word(&g)[..self.n - 1]);
        }
        self.n = 0;
    }
}

fn word(g: &[u8; 5]) -> [u8; 4] {
    let v = g.iter().fold(0u64, |acc, &d| acc * 85 + u64::from(d));
    (v as u32).to_be_bytes()
}

#[derive(Default)]
struct RunLength {
    copy: usize,
    repeat: Option<usize>,
}

impl ByteDecoder for RunLength {
    fn push(&mut self, b: u8, out: &mut Vec<u8>) -> bool {
        if self.copy > 0 {
            out.push(b);
            self.copy -= 1;
        } else if let Some(n) = self.repeat.take() {
            out.resize(out.len() + n, b);
        } else {
            match b {
                128 => return true,
                0..=127 => self.copy = b as usize + 1,
                _ => self.repeat = Some(257 - b as usize),
            }
        }
        false
    }
}

/// LZW with the PDF default early change, over weezl's buffer API.
struct Lzw<'a> {
    inner: BufReader<Box<dyn Read + 'a>>,
    dec: weezl::decode::Decoder,
    done: bool,
}

impl<'a> Lzw<'a> {
    fn new(inner: Box<dyn Read + 'a>) -> Self {
        Self {
            inner: BufReader::new(inner),
            dec: weezl::decode::Decoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8),
            done: false,
        }
    }
}

impl Read for Lzw<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if self.done || buf.is_empty() {
                return Ok(0);
            }
            let input = self.inner.fill_buf()?;
            let at_end = input.is_empty();
            let r = self.dec.decode_bytes(input, buf);
            self.inner.consume(r.consumed_in);
            match r.status {
                Ok(weezl::LzwStatus::Done) | Err(_) => self.done = true,
                Ok(weezl::LzwStatus::NoProgress) if at_end => self.done = true,
                Ok(_) => {}
            }
            if r.consumed_out > 0 {
                return Ok(r.consumed_out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zlib(data: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn every_layer_of_a_chain_is_counted() {
        let bomb = zlib(&vec![0u8; 4 << 20]);
        let hex: Vec<u8> =
            bomb.iter().flat_map(|b| format!("{b:02x}").into_bytes()).chain(*b">").collect();
        assert_eq!(decoded_len(&bomb, &[Filter::Flate], 1 << 30), 4 << 20);
        assert_eq!(decoded_len(&hex, &[Filter::AsciiHex, Filter::Flate], 1 << 30), 4 << 20);
        assert_eq!(
            decoded_len(&hex, &[Filter::AsciiHex, Filter::Flate], 1000),
            1001,
            "stops past the cap"
        );
    }

    #[test]
    fn ascii85_runlength_and_lzw_decode() {
        let mut out = Vec::new();
        let mut d = Ascii85::default();
        for &b in b"87cURD_*#4DfTZ)~>" {
            if d.push(b, &mut out) {
                break;
            }
        }
        assert_eq!(out, b"Hello, World");
        assert_eq!(
            decoded_len(&[2, b'a', b'b', b'c', 253, b'x', 128], &[Filter::RunLength], 100),
            7
        );
        let lzw = weezl::encode::Encoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8)
            .encode(&vec![7u8; 100_000])
            .unwrap();
        assert_eq!(decoded_len(&lzw, &[Filter::Lzw], 1 << 20), 100_000);
    }

    #[test]
    fn the_chain_stops_at_an_image_codec() {
        let d = lopdf::dictionary! { "Filter" => vec![Object::Name(b"AHx".to_vec()), Object::Name(b"FlateDecode".to_vec()), Object::Name(b"DCTDecode".to_vec())] };
        assert_eq!(chain(&d), vec![Filter::AsciiHex, Filter::Flate]);
        let d = lopdf::dictionary! { "Filter" => "DCTDecode" };
        assert!(chain(&d).is_empty());
    }
}
