//! The worker process's side (`plantdoc pdf-worker <mode>`, see [`super::worker`]): reads
//! the framed files from stdin, checks, merges, reads text or stamps, and answers on
//! stdout.
use crate::{msg, text};
use std::io::{BufRead, Read, Write};

use serde_json::{json, Value};

use super::worker::MAX_FILES;
use super::{check, Merged, MAX_SECTION_BYTES};
use crate::base::error::Refusal;

/// The worker process: reads the files from stdin, checks (and merges), answers on stdout.
pub fn child_main(mode: &str) -> std::process::ExitCode {
    let out = std::io::stdout();
    let mut out = out.lock();
    let answer = |out: &mut std::io::StdoutLock, v: Value| {
        let _ = writeln!(out, "{v}");
        let _ = out.flush();
    };
    let mut stdin = std::io::BufReader::new(std::io::stdin().lock());
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut total = 0u64;
    loop {
        match read_file(&mut stdin, &mut total) {
            Ok(Some(f)) if files.len() < MAX_FILES => files.push(f),
            Ok(Some(_)) => return refuse(&mut out, text!("Too many files at once.")),
            Ok(None) => break,
            Err(m) => return refuse(&mut out, m.message()),
        }
    }
    if mode == "text" {
        let Some((name, bytes)) = files.first() else { return refuse(&mut out, text!("No file.")) };
        answer(&mut out, json!({"file": 0}));
        return match super::text::extract_blocking(name, bytes) {
            Err(m) => refuse(&mut out, m.message()),
            Ok(text) => {
                answer(&mut out, json!({"text": text.len()}));
                let _ = out.write_all(&text);
                let _ = out.flush();
                std::process::ExitCode::SUCCESS
            }
        };
    }
    if mode == "stamp" {
        return stamp(&mut out, &files);
    }
    if mode == "check" {
        for (i, (name, bytes)) in files.into_iter().enumerate() {
            answer(&mut out, json!({"file": i}));
            if let Err(m) = check::load_checked(&name, &bytes) {
                return refuse(&mut out, m.message());
            }
        }
        answer(&mut out, json!({"ok": true}));
        return std::process::ExitCode::SUCCESS;
    }
    let progress = |i: usize| {
        let mut o = std::io::stdout().lock();
        let _ = writeln!(o, "{}", json!({"file": i}));
        let _ = o.flush();
    };
    match super::merge::merge_blocking_with(files, progress) {
        Err(m) => refuse(&mut out, m.message()),
        Ok(Merged::Single) => {
            answer(&mut out, json!({"ok": true}));
            std::process::ExitCode::SUCCESS
        }
        Ok(Merged::Bytes(b)) => {
            answer(&mut out, json!({"ok": true, "merged": b.len()}));
            let _ = out.write_all(&b);
            let _ = out.flush();
            std::process::ExitCode::SUCCESS
        }
        Ok(Merged::File(..)) => std::process::ExitCode::FAILURE,
    }
}

fn refuse(out: &mut std::io::StdoutLock, m: &str) -> std::process::ExitCode {
    let _ = writeln!(out, "{}", json!({"refused": m}));
    let _ = out.flush();
    std::process::ExitCode::SUCCESS
}

/// One framed file from stdin, or `None` at the end.
fn read_file(r: &mut impl BufRead, total: &mut u64) -> Result<Option<(String, Vec<u8>)>, Refusal> {
    let bad = |_| text!("The upload could not be read.").to_string();
    let mut tag = [0u8; 1];
    match r.read(&mut tag) {
        Ok(0) => return Ok(None),
        Ok(_) if tag[0] == b'F' => {}
        _ => return Err(text!("The upload could not be read.").into()),
    }
    let n = read_u32(r).map_err(bad)? as usize;
    if n > 1024 {
        return Err(text!("The upload could not be read.").into());
    }
    let mut name = vec![0u8; n];
    r.read_exact(&mut name).map_err(bad)?;
    let name = String::from_utf8_lossy(&name).into_owned();
    let mut bytes = Vec::new();
    loop {
        r.read_exact(&mut tag).map_err(bad)?;
        match tag[0] {
            b'E' => return Ok(Some((name, bytes))),
            b'C' => {
                let n = read_u32(r).map_err(bad)? as u64;
                *total += n;
                if *total > MAX_SECTION_BYTES {
                    return Err(msg!(
                        "These PDFs are larger than {} MB together.",
                        MAX_SECTION_BYTES / (1024 * 1024)
                    )
                    .into());
                }
                r.by_ref().take(n).read_to_end(&mut bytes).map_err(bad)?;
            }
            _ => return Err(text!("The upload could not be read.").into()),
        }
    }
}

fn read_u32(r: &mut impl Read) -> std::io::Result<u32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

/// Mode `stamp`: the first file is the stamp (JSON: line, qr, warning), the second the
/// PDF; answers `{"stamped": n}` and the stamped copy's n bytes.
fn stamp(out: &mut std::io::StdoutLock, files: &[(String, Vec<u8>)]) -> std::process::ExitCode {
    let [(_, spec), (_, pdf)] = files else { return refuse(out, text!("No file.")) };
    let Ok(spec) = serde_json::from_slice::<Value>(spec) else {
        return refuse(out, text!("The upload could not be read."));
    };
    let field = |k: &str| spec.get(k).and_then(Value::as_str).unwrap_or_default();
    let warning = spec.get("warning").and_then(Value::as_bool).unwrap_or(false);
    let _ = writeln!(out, "{}", json!({"file": 1}));
    match super::stamp::stamp_pdf(
        pdf,
        &super::stamp::Stamp { line: field("line"), qr: field("qr"), warning },
    ) {
        Err(m) => refuse(out, &m.0),
        Ok(bytes) => {
            let _ = writeln!(out, "{}", json!({"stamped": bytes.len()}));
            let _ = out.write_all(&bytes);
            let _ = out.flush();
            std::process::ExitCode::SUCCESS
        }
    }
}
