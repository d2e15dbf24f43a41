//! Slow clients (docs/security.md, "Second probe: connections, live events, storage
//! outage"): sockets that send half a request and wait must not take the server off the
//! network. `plantdoc serve` runs as a process started as systemd starts services (a
//! soft open-files limit of 1 024), and 1 100 such sockets are opened on loopback.
use std::io::Read;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::*;

const SLOW: usize = 1100;
/// Half a request: a head that never ends.
const HALF: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: plant\r\nX-Slow: ";

/// A spawned server and what it has logged.
struct Served {
    child: std::process::Child,
    addr: String,
    log: Arc<Mutex<String>>,
    _tmp: tempfile::TempDir,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `plantdoc serve` under `prlimit --nofile=<nofile>`, its log gathered as it comes.
async fn serve_under(nofile: &str, env: &[(&str, &str)]) -> Served {
    // This process holds the slow sockets: its own soft limit up to the hard one.
    plantdoc_core::app::conns::raise_open_files_limit();
    let tmp = tempfile::tempdir().unwrap();
    let db = fresh_database(tmp.path()).await;
    let limit = format!("--nofile={nofile}");
    let (mut child, addr) = serve_process_under(tmp.path(), &db, env, &["prlimit", &limit]).await;
    let log = Arc::new(Mutex::new(String::new()));
    let (mut err, sink) = (child.stderr.take().unwrap(), log.clone());
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = err.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    Served { child, addr, log, _tmp: tmp }
}

/// Opens `n` sockets, each sending half a request (each connect bounded).
async fn open_slow(addr: &str, n: usize) -> Vec<TcpStream> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let s = tokio::time::timeout(Duration::from_secs(2), TcpStream::connect(addr)).await;
        let Ok(Ok(mut s)) = s else { break };
        if s.write_all(HALF).await.is_err() {
            break;
        }
        out.push(s);
    }
    out
}

/// One `/healthz` on a new connection: whether it answered 200, and how long it took.
async fn healthz(addr: &str) -> (bool, Duration) {
    let t = Instant::now();
    let r = tokio::time::timeout(Duration::from_secs(2), async {
        let mut s = TcpStream::connect(addr).await?;
        s.write_all(b"GET /healthz HTTP/1.1\r\nHost: plant\r\nConnection: close\r\n\r\n").await?;
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).await?;
        Ok::<_, std::io::Error>(buf)
    })
    .await;
    (matches!(&r, Ok(Ok(b)) if b.starts_with(b"HTTP/1.1 200")), t.elapsed())
}

/// Probes `/healthz` `n` times; each must answer 200 within 100 ms.
async fn healthz_answers(addr: &str, n: usize) {
    for i in 0..n {
        let (ok, took) = healthz(addr).await;
        assert!(ok, "probe {i}: /healthz did not answer (after {took:?})");
        assert!(took < Duration::from_millis(100), "probe {i}: /healthz took {took:?}");
        eprintln!("/healthz beside the slow sockets: {took:?}");
    }
}

/// How many of `socks` the server has closed (end of stream or reset) within `wait`.
async fn closed(socks: &mut [TcpStream], wait: Duration) -> usize {
    let reads = socks.iter_mut().map(|s| async move {
        let mut buf = [0u8; 1024];
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, s.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => return true,
                Ok(Ok(_)) => continue,
                Err(_) => return false,
            }
        }
    });
    futures::future::join_all(reads).await.into_iter().filter(|c| *c).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_sockets_leave_healthz_answering_and_are_closed_after_the_header_timeout() {
    let app = serve_under("1024:", &[("PLANTDOC__SERVER__HEADER_READ_TIMEOUT_SECS", "2")]).await;
    let opened = Instant::now();
    let mut slow = open_slow(&app.addr, SLOW).await;
    assert_eq!(slow.len(), SLOW, "every slow socket connected");
    healthz_answers(&app.addr, 5).await;
    // A kept-alive connection idle after its answer is closed by the same timer.
    let mut idle = TcpStream::connect(&app.addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: plant\r\n\r\n").await.unwrap();
    let mut buf = [0u8; 1024];
    assert!(idle.read(&mut buf).await.unwrap() > 0, "answered");
    // Not before the timeout (checked while there is time left on a busy machine).
    let left = Duration::from_secs(2).saturating_sub(opened.elapsed());
    if left > Duration::from_millis(300) {
        assert_eq!(
            closed(&mut slow[..10], left - Duration::from_millis(200)).await,
            0,
            "closed before the timeout"
        );
    }
    let after = Duration::from_secs(2).saturating_sub(opened.elapsed()) + Duration::from_secs(2);
    assert_eq!(
        closed(&mut slow, after).await,
        SLOW,
        "every slow socket closed after the header-read timeout"
    );
    assert_eq!(
        closed(std::slice::from_mut(&mut idle), Duration::from_secs(3)).await,
        1,
        "the idle kept-alive one too"
    );
    healthz_answers(&app.addr, 2).await;
    let log = app.log.lock().unwrap().clone();
    assert!(!log.contains("Too many open files") && !log.contains("accept error"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_connection_cap_the_quietest_make_room_and_excess_is_closed_at_once() {
    // The hard limit too: the cap falls to the limit less the reserve (768 of 1 024).
    let app =
        serve_under("1024:1024", &[("PLANTDOC__SERVER__HEADER_READ_TIMEOUT_SECS", "30")]).await;
    let mut slow = open_slow(&app.addr, SLOW).await;
    assert_eq!(slow.len(), SLOW, "every slow socket connected: the listener never stops accepting");
    let refused = closed(&mut slow, Duration::from_millis(500)).await;
    assert!(refused >= SLOW - 768, "those past the cap closed at once, not queued: {refused}");
    // Once they have been quiet a moment, each new connection takes a quiet one's place.
    tokio::time::sleep(plantdoc_core::app::conns::QUIET).await;
    healthz_answers(&app.addr, 5).await;
    let log = app.log.lock().unwrap().clone();
    assert!(
        log.contains("connection cap reached") && !log.contains("Too many open files"),
        "{log}"
    );
}
