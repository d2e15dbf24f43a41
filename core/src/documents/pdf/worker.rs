//! Every uploaded PDF is parsed in a child process (`plantdoc pdf-worker`), never in the
//! server (docs/security.md, "Parsing cost"): a file within the upload cap can still ask
//! a parser for gigabytes (24 million integers in one array, a million null objects,
//! 100 000 pages), and a stack overflow on deep nesting kills the process that parses.
//! The child runs under kernel limits set before it starts (data segment, CPU time, no
//! files written, no core dump), with an empty environment; the server streams the
//! stored blobs to its stdin in chunks and reads one JSON line back (plus the merged
//! file). Checks and merges share one budget: [`WORKERS`] children at once, each within
//! [`WORKER_MEMORY_MB`]. A child past its limit, its time or killed is a refusal naming
//! the file it was reading.
use crate::text;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::OnceLock;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::sync::Semaphore;

use super::{Merged, PdfError, MERGE_TIMEOUT};
use crate::documents::storage::Storage;

/// The binary's hidden first argument that makes it a worker.
pub const ARG: &str = "pdf-worker";
/// Children at once, checks and merges together (the shared budget).
pub const WORKERS: usize = 2;
/// A child's data segment (heap and private mappings): the largest real-producer PDFs
/// (a 100 MB section of scans, merged) need about a third of it.
pub const WORKER_MEMORY_MB: u64 = 640;
/// A child's CPU time (a backstop behind the wall-clock limit, which kills it).
const WORKER_CPU_SECS: u64 = 90;
/// One answer line (the merged file follows it, raw).
const MAX_LINE: u64 = 64 * 1024;
/// Bytes of a child's stderr kept for the log.
const MAX_STDERR: u64 = 8 * 1024;
/// Files in one job (an SWP section takes at most 10).
pub(super) const MAX_FILES: usize = 64;
/// Bytes of one text answer (JSON escapes can make it larger than the text itself).
const MAX_TEXT_ANSWER: u64 = 4 * super::text::MAX_TEXT_BYTES as u64;
/// Stream chunk size on the pipe.
const CHUNK: usize = 256 * 1024;

pub use super::worker_child::child_main;

static BUDGET: Semaphore = Semaphore::const_new(WORKERS);

/// Workers running now, of [`WORKERS`] (the metrics' PDF budget in use).
pub fn busy() -> usize {
    WORKERS - BUDGET.available_permits()
}
static PROGRAM: OnceLock<PathBuf> = OnceLock::new();

/// The program to start as a worker (tests name the `plantdoc` binary; by default the
/// running binary, when it is `plantdoc`).
pub fn set_program(path: PathBuf) {
    let _ = PROGRAM.set(path);
}

fn program() -> anyhow::Result<PathBuf> {
    if let Some(p) = PROGRAM.get() {
        return Ok(p.clone());
    }
    let exe = std::env::current_exe()?;
    let name = exe.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if !name.starts_with("plantdoc") {
        anyhow::bail!("no PDF worker: {} is not the plantdoc binary", exe.display());
    }
    // Still the same file after an upgrade replaced the one on disk.
    if cfg!(target_os = "linux") {
        return Ok(PathBuf::from("/proc/self/exe"));
    }
    Ok(exe)
}

/// One stored file to check: its user-facing name and its blob.
pub struct Source<'a> {
    pub name: &'a str,
    pub key: &'a str,
}

/// What the worker answered.
enum Answer {
    Refused(String),
    Checked,
    Merged(tempfile::TempPath, u64),
    /// The pages' text as JSON (mode `text`, [`super::text`]).
    Text(Vec<u8>),
    /// The stamped copy (mode `stamp`) in a temporary file, its length.
    Stamped(tempfile::TempPath, u64),
}

/// Checks `files` (and merges them when `merge` and there are several) in a worker.
pub(super) async fn run(
    storage: &Storage,
    files: &[Source<'_>],
    merge: bool,
) -> Result<Merged, PdfError> {
    match work(storage, files, if merge { "merge" } else { "check" }, None).await? {
        Answer::Merged(path, len) => Ok(Merged::File(path, len)),
        _ => Ok(Merged::Single),
    }
}

/// The text of one file, page by page, as JSON ([`super::text::extract`]).
pub(super) async fn run_text(storage: &Storage, file: &Source<'_>) -> Result<Vec<u8>, PdfError> {
    match work(storage, std::slice::from_ref(file), "text", None).await? {
        Answer::Text(bytes) => Ok(bytes),
        _ => Err(PdfError::Server(anyhow::anyhow!("the PDF worker gave no text"))),
    }
}

/// The stored PDF `key` with `stamp` on every page, made in a worker under the same
/// limits and budget as the checks (the server never parses it): a temporary file and
/// its length.
pub async fn run_stamp(
    storage: &Storage,
    key: &str,
    stamp: &super::stamp::Stamp<'_>,
) -> Result<(tempfile::TempPath, u64), PdfError> {
    let spec = serde_json::json!({"line": stamp.line, "qr": stamp.qr, "warning": stamp.warning})
        .to_string();
    let file = Source { name: "stamp.pdf", key };
    match work(storage, std::slice::from_ref(&file), "stamp", Some(spec.as_bytes())).await? {
        Answer::Stamped(path, len) => Ok((path, len)),
        _ => Err(PdfError::Server(anyhow::anyhow!("the PDF worker gave no stamped copy"))),
    }
}

/// Runs the worker in `mode` (`check`, `merge`, `text` or `stamp`) over `files`, after
/// `prelude` (a first file of the job's own, for `stamp` its stamp).
async fn work(
    storage: &Storage,
    files: &[Source<'_>],
    mode: &str,
    prelude: Option<&[u8]>,
) -> Result<Answer, PdfError> {
    let merge = mode == "merge";
    let server = |e: String| PdfError::Server(anyhow::anyhow!(e));
    let _permit = if mode == "text" {
        text_permit().await
    } else {
        BUDGET.acquire().await.map_err(|_| server("the server is shutting down".into()))?
    };
    let program = program().map_err(PdfError::Server)?;
    let mut cmd = tokio::process::Command::new(program);
    cmd.arg(ARG).arg(mode);
    cmd.env_clear()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    // SAFETY: setrlimit is async-signal-safe; the closure allocates nothing.
    unsafe { cmd.pre_exec(limits) };
    let mut child =
        cmd.spawn().map_err(|e| server(format!("the PDF worker did not start: {e}")))?;
    let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let (Some(stdin), Some(stdout), Some(mut stderr)) = (stdin, stdout, stderr) else {
        return Err(server("the PDF worker has no pipes".into()));
    };
    let job = async {
        let feed = feed(storage, files, prelude, stdin);
        let read = read_answer(stdout);
        let errs = async {
            let mut s = String::new();
            let _ = (&mut stderr).take(MAX_STDERR).read_to_string(&mut s).await;
            // The rest is read and dropped, so the child never blocks on a full pipe.
            let _ = tokio::io::copy(&mut stderr, &mut tokio::io::sink()).await;
            s
        };
        let (fed, answer, errs) = tokio::join!(feed, read, errs);
        (fed, answer, errs, child.wait().await)
    };
    let outcome = tokio::time::timeout(MERGE_TIMEOUT, job).await;
    let (fed, answer, errs, status) = match outcome {
        Ok(x) => x,
        Err(_) => {
            let _ = child.kill().await;
            let m = if merge {
                text!("These PDFs took too long to process.")
            } else {
                text!("This PDF took too long to check.")
            };
            let m = match mode {
                "text" => text!("This PDF took too long to read."),
                // Logged only (a copy not stamped is never a message for a person).
                "stamp" => "took too long to stamp",
                _ => m,
            };
            return Err(PdfError::Refused(m.into()));
        }
    };
    // A store that could not be read is the server's failure; a closed pipe is the
    // child's (it stopped reading: its answer or its death says why).
    if let Err(e) = fed {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            return Err(PdfError::Server(anyhow::anyhow!(
                "stored PDF not read for the check: {e}"
            )));
        }
    }
    let (at, answer) = answer;
    // With a prelude, the child counts it as file 0.
    let at = if prelude.is_some() { at.and_then(|i| i.checked_sub(1)) } else { at };
    match answer {
        Some(Answer::Refused(m)) => Err(PdfError::Refused(m)),
        Some(answer) => Ok(answer),
        None => {
            let name = at
                .and_then(|i| files.get(i))
                .map(|f| crate::documents::storage::safe_filename(f.name))
                .unwrap_or_else(|| "This PDF".into());
            Err(PdfError::Refused(died(&name, status.ok(), &errs)))
        }
    }
}

/// A worker for reading text, taken only while no check or merge runs: an upload never
/// waits behind the text indexer, and one text read runs at a time.
async fn text_permit() -> tokio::sync::SemaphorePermit<'static> {
    loop {
        if BUDGET.available_permits() == WORKERS {
            if let Ok(p) = BUDGET.try_acquire() {
                return p;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Why a child that gave no answer is a refusal: out of memory, out of time, or not read.
fn died(name: &str, status: Option<std::process::ExitStatus>, errs: &str) -> String {
    use std::os::unix::process::ExitStatusExt;
    let signal = status.and_then(|s| s.signal());
    tracing::warn!(?status, ?signal, stderr = %errs.trim(), "PDF worker stopped without an answer");
    if errs.contains("memory allocation") {
        return format!(
            "{name} is too complex to open safely (it needs more than {WORKER_MEMORY_MB} MB of memory); save it again (for example print it to PDF) and upload the new file."
        );
    }
    if matches!(signal, Some(libc::SIGXCPU) | Some(libc::SIGKILL)) {
        return format!("{name} took too long to check.");
    }
    format!("{name} is not a readable PDF.")
}

/// The child's limits, set between fork and exec.
fn limits() -> std::io::Result<()> {
    let set = |res, soft: u64, hard: u64| {
        let l = libc::rlimit { rlim_cur: soft as libc::rlim_t, rlim_max: hard as libc::rlim_t };
        // SAFETY: a plain system call on a stack value.
        if unsafe { libc::setrlimit(res, &l) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    };
    set(libc::RLIMIT_DATA, WORKER_MEMORY_MB << 20, WORKER_MEMORY_MB << 20)?;
    set(libc::RLIMIT_CPU, WORKER_CPU_SECS, WORKER_CPU_SECS + 5)?;
    set(libc::RLIMIT_FSIZE, 0, 0)?;
    set(libc::RLIMIT_CORE, 0, 0)?;
    Ok(())
}

/// Streams every file to the child: `F` u32 name, then `C` u32 chunk…, then `E`.
async fn feed(
    storage: &Storage,
    files: &[Source<'_>],
    prelude: Option<&[u8]>,
    mut to: tokio::process::ChildStdin,
) -> std::io::Result<()> {
    let mut buf = vec![0u8; CHUNK];
    if let Some(p) = prelude {
        to.write_all(b"F").await?;
        to.write_all(&0u32.to_le_bytes()).await?;
        to.write_all(b"C").await?;
        to.write_all(&(p.len() as u32).to_le_bytes()).await?;
        to.write_all(p).await?;
        to.write_all(b"E").await?;
    }
    for f in files {
        let name = crate::documents::storage::safe_filename(f.name);
        to.write_all(b"F").await?;
        to.write_all(&(name.len() as u32).to_le_bytes()).await?;
        to.write_all(name.as_bytes()).await?;
        let mut r = storage.open(f.key).await.map_err(std::io::Error::other)?;
        loop {
            let n = r.read(&mut buf).await?;
            if n == 0 {
                break;
            }
            to.write_all(b"C").await?;
            to.write_all(&(n as u32).to_le_bytes()).await?;
            to.write_all(&buf[..n]).await?;
        }
        to.write_all(b"E").await?;
    }
    to.shutdown().await
}

/// Reads the child's lines: `{"file": i}` as it starts file i, then its answer (and,
/// for a merge, the merged file's bytes, into a temporary file). Answers the last file
/// started and the answer, if any.
async fn read_answer(stdout: tokio::process::ChildStdout) -> (Option<usize>, Option<Answer>) {
    let mut r = BufReader::new(stdout);
    let mut at = None;
    loop {
        let mut line = String::new();
        match (&mut r).take(MAX_LINE).read_line(&mut line).await {
            Ok(0) | Err(_) => return (at, None),
            Ok(_) => {}
        }
        let Ok(v) = serde_json::from_str::<Value>(&line) else { return (at, None) };
        if let Some(i) = v.get("file").and_then(Value::as_u64) {
            at = Some(i as usize);
            continue;
        }
        if let Some(m) = v.get("refused").and_then(Value::as_str) {
            return (at, Some(Answer::Refused(m.to_string())));
        }
        if let Some(len) = v.get("text").and_then(Value::as_u64).filter(|n| *n <= MAX_TEXT_ANSWER) {
            let mut bytes = vec![0u8; len as usize];
            return (at, r.read_exact(&mut bytes).await.ok().map(|_| Answer::Text(bytes)));
        }
        if let Some(len) = v.get("stamped").and_then(Value::as_u64) {
            return (at, merged_file(&mut r, len).await.ok().map(|(p, n)| Answer::Stamped(p, n)));
        }
        let Some(len) = v.get("merged").and_then(Value::as_u64) else {
            return (at, Some(Answer::Checked));
        };
        return (at, merged_file(&mut r, len).await.ok().map(|(p, n)| Answer::Merged(p, n)));
    }
}

async fn merged_file<R: tokio::io::AsyncRead + Unpin>(
    r: &mut R,
    len: u64,
) -> std::io::Result<(tempfile::TempPath, u64)> {
    let path = tempfile::Builder::new().prefix("merged-").tempfile()?.into_temp_path();
    let mut file = tokio::fs::File::create(&path).await?;
    let n = tokio::io::copy(&mut r.take(len), &mut file).await?;
    file.flush().await?;
    if n != len {
        return Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "merged file cut short",
        ));
    }
    Ok((path, n))
}
