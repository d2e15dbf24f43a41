//! The open connections of the serve loop, capped (docs/security.md, "Second probe:
//! connections, live events, storage outage").
//!
//! A connection that sends half a request holds a socket and a file descriptor until
//! hyper's header timer closes it (`server.header_read_timeout_secs`). So that many of
//! them cannot take the server off the network, the serve loop keeps at most
//! [`Conns::cap`] open: `server.max_connections`, and never more than the open-files
//! limit less [`FD_RESERVE`] (database, blobs, PDF workers). At the cap a new connection
//! is never queued (the listen backlog would fill, and `/healthz` wait behind it): the
//! connection quiet longest — no byte read or written for [`QUIET`] at least, as a
//! half-sent head or a stalled body is — is closed for it, else the new one is closed at
//! once.
use std::collections::HashMap;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;

/// File descriptors kept for everything but client connections.
pub const FD_RESERVE: u64 = 256;
/// A connection quiet less long than this is not closed to make room (a new one that
/// has not yet sent its head, a request being answered).
pub const QUIET: Duration = Duration::from_secs(1);

/// One open connection, as the table sees it.
pub struct Conn {
    /// When a byte last moved, in ms since the table's start.
    last: AtomicU64,
    /// Told when the table closes it to make room.
    pub evicted: Notify,
}

/// The open connections.
pub struct Conns {
    cap: usize,
    start: Instant,
    open: Mutex<(u64, HashMap<u64, Arc<Conn>>)>,
    /// Refusals and evictions since the last warning (logged at most once a minute).
    pressure: Mutex<(u64, Option<Instant>)>,
}

/// What the table says of a new connection.
pub enum Admit {
    /// Serve it; drop the guard when it ends.
    Serve(ConnGuard),
    /// Close it at once.
    Refuse,
}

/// Removes its connection from the table when dropped.
pub struct ConnGuard {
    table: Arc<Conns>,
    id: u64,
    pub conn: Arc<Conn>,
}

impl Drop for ConnGuard {
    fn drop(&mut self) {
        self.table.open.lock().unwrap_or_else(|p| p.into_inner()).1.remove(&self.id);
    }
}

impl Conns {
    /// A table of at most `max_connections`, and at most the open-files limit less
    /// [`FD_RESERVE`] (half the limit when it is under twice the reserve).
    pub fn new(max_connections: usize, nofile: u64) -> Arc<Self> {
        let by_files = if nofile >= 2 * FD_RESERVE { nofile - FD_RESERVE } else { nofile / 2 };
        let cap = max_connections.min(usize::try_from(by_files).unwrap_or(usize::MAX)).max(1);
        Arc::new(Self {
            cap,
            start: Instant::now(),
            open: Mutex::new((0, HashMap::new())),
            pressure: Mutex::new((0, None)),
        })
    }

    pub fn cap(&self) -> usize {
        self.cap
    }

    fn now_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Admits a new connection, closing the quietest to make room at the cap.
    pub fn admit(self: &Arc<Self>) -> Admit {
        let now = self.now_ms();
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if open.1.len() >= self.cap {
            let quietest = open
                .1
                .iter()
                .min_by_key(|(_, c)| c.last.load(Ordering::Relaxed))
                .map(|(id, c)| (*id, c.clone()));
            match quietest {
                Some((id, c))
                    if now.saturating_sub(c.last.load(Ordering::Relaxed))
                        >= QUIET.as_millis() as u64 =>
                {
                    open.1.remove(&id);
                    c.evicted.notify_one();
                }
                _ => {
                    drop(open);
                    self.under_pressure();
                    return Admit::Refuse;
                }
            }
            self.under_pressure();
        }
        open.0 += 1;
        let id = open.0;
        let conn = Arc::new(Conn { last: AtomicU64::new(now), evicted: Notify::new() });
        open.1.insert(id, conn.clone());
        Admit::Serve(ConnGuard { table: self.clone(), id, conn })
    }

    /// How many are open now.
    pub fn len(&self) -> usize {
        self.open.lock().unwrap_or_else(|p| p.into_inner()).1.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn under_pressure(&self) {
        let mut p = self.pressure.lock().unwrap_or_else(|p| p.into_inner());
        p.0 += 1;
        if p.1.is_none_or(|at| at.elapsed() >= Duration::from_secs(60)) {
            tracing::warn!(
                cap = self.cap,
                closed = p.0,
                "connection cap reached: the quietest connections are closed for new ones"
            );
            *p = (0, Some(Instant::now()));
        }
    }

    /// `io` with every byte that moves recorded as the connection's activity.
    pub fn track<T>(self: &Arc<Self>, io: T, guard: &ConnGuard) -> Tracked<T> {
        Tracked { io, conn: guard.conn.clone(), table: self.clone() }
    }
}

/// A connection's socket that records when bytes move.
pub struct Tracked<T> {
    io: T,
    conn: Arc<Conn>,
    table: Arc<Conns>,
}

impl<T> Tracked<T> {
    fn moved(&self) {
        self.conn.last.store(self.table.now_ms(), Ordering::Relaxed);
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Tracked<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.io).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.moved();
        }
        r
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Tracked<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.io).poll_write(cx, data);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.moved();
        }
        r
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.moved();
        }
        r
    }
    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// The process's soft open-files limit.
pub fn open_files_limit() -> u64 {
    let mut l = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes the struct it is given, nothing else.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut l) } != 0 {
        return 1024;
    }
    l.rlim_cur
}

/// Raises the soft open-files limit to the hard one (systemd starts services with a
/// soft 1024, which a thousand idle sockets use up). Answers the soft limit after.
pub fn raise_open_files_limit() -> u64 {
    let mut l = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit read or write only the struct they are given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut l) != 0 {
            return 1024;
        }
        if l.rlim_cur < l.rlim_max {
            let raised = libc::rlimit { rlim_cur: l.rlim_max, rlim_max: l.rlim_max };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                return raised.rlim_cur;
            }
            tracing::warn!(
                soft = l.rlim_cur,
                hard = l.rlim_max,
                "cannot raise the open-files limit"
            );
        }
    }
    l.rlim_cur
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_stays_under_the_open_files_limit() {
        assert_eq!(Conns::new(2048, 1024).cap(), 768);
        assert_eq!(Conns::new(2048, 1 << 20).cap(), 2048);
        assert_eq!(Conns::new(2048, 300).cap(), 150);
    }

    #[test]
    fn at_the_cap_the_quietest_makes_room_or_the_new_one_is_refused() {
        let t = Conns::new(16, 1 << 20);
        let mut held: Vec<ConnGuard> = (0..16)
            .map(|_| match t.admit() {
                Admit::Serve(g) => g,
                Admit::Refuse => panic!("under the cap"),
            })
            .collect();
        // All just opened: none quiet long enough, so the new one is refused.
        assert!(matches!(t.admit(), Admit::Refuse));
        // One has been quiet for a while: it is closed for the new one.
        held[3].conn.last.store(0, Ordering::Relaxed);
        for c in &held {
            if !Arc::ptr_eq(&c.conn, &held[3].conn) {
                c.conn.last.store(u64::MAX / 2, Ordering::Relaxed);
            }
        }
        let t2 = t.clone();
        let admitted = std::thread::spawn(move || {
            std::thread::sleep(QUIET + Duration::from_millis(20));
            matches!(t2.admit(), Admit::Serve(_))
        });
        assert!(admitted.join().unwrap());
        assert_eq!(t.len(), 15, "the quiet one left the table; the admitted one was dropped");
        held.clear();
        assert!(t.is_empty());
    }
}
