//! Argon2id on a fixed pool of `auth.hash_concurrency` threads, each reusing one block
//! of memory (19 MiB with the crate's defaults) for every hash it computes (decision 96).
//! Hashing on the runtime's blocking threads allocated those 19 MiB afresh each time on
//! whichever thread ran it; glibc keeps freed memory in the thread's arena, so a stream
//! of anonymous sign-in attempts grew the server by hundreds of MB that never came back.
//! Here the memory is allocated once per worker and the process stays at its size.
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};

/// Bytes of a new hash's output and salt (the crate's defaults).
const OUTPUT_LEN: usize = 32;
const SALT_LEN: usize = 16;
/// Largest memory a stored hash may ask for (KiB): a hash made elsewhere with more is
/// refused instead of growing a worker for good.
const MAX_M_COST: u32 = 64 * 1024;

enum Work {
    Hash(String),
    Verify(String, String),
}

enum Done {
    Hashed(anyhow::Result<String>),
    Verified(bool),
}

struct Job {
    work: Work,
    reply: tokio::sync::oneshot::Sender<Done>,
}

/// The pool: jobs queue in order, `workers` threads take them.
pub struct Hasher {
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
}

impl Hasher {
    pub fn new(workers: usize) -> Self {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..workers.max(1) {
            let rx = Arc::clone(&rx);
            let spawned =
                std::thread::Builder::new().name(format!("argon2-{i}")).spawn(move || work(&rx));
            if let Err(e) = spawned {
                tracing::error!(error = %e, "password hashing thread not started");
            }
        }
        Self { jobs: Mutex::new(Some(tx)) }
    }

    async fn run(&self, work: Work) -> anyhow::Result<Done> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let sent = match &*self.jobs.lock().unwrap_or_else(|p| p.into_inner()) {
            Some(tx) => tx.send(Job { work, reply }).is_ok(),
            None => false,
        };
        anyhow::ensure!(sent, "no password hashing thread");
        answer.await.map_err(|_| anyhow::anyhow!("a password hashing thread stopped"))
    }

    /// A new PHC string for `password` (argon2id, the crate's default parameters).
    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        match self.run(Work::Hash(password.to_string())).await? {
            Done::Hashed(r) => r,
            Done::Verified(_) => anyhow::bail!("argon2: wrong answer"),
        }
    }

    /// Whether `password` matches the PHC string `phc`.
    pub async fn verify(&self, password: &str, phc: &str) -> anyhow::Result<bool> {
        match self.run(Work::Verify(password.to_string(), phc.to_string())).await? {
            Done::Verified(ok) => Ok(ok),
            Done::Hashed(_) => anyhow::bail!("argon2: wrong answer"),
        }
    }
}

impl Drop for Hasher {
    fn drop(&mut self) {
        // Closing the queue ends the threads once they finish what they hold.
        self.jobs.lock().unwrap_or_else(|p| p.into_inner()).take();
    }
}

fn work(rx: &Mutex<mpsc::Receiver<Job>>) {
    let mut memory: Vec<Block> = Vec::new();
    loop {
        let job = match rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let done = match job.work {
            Work::Hash(pw) => Done::Hashed(hash_with(&mut memory, pw.as_bytes())),
            Work::Verify(pw, phc) => Done::Verified(verify_with(&mut memory, pw.as_bytes(), &phc)),
        };
        let _ = job.reply.send(done);
    }
}

/// An argon2 or PHC-string error (neither is `std::error::Error` in every version).
fn argon2_error(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("argon2: {e}")
}

/// argon2's own computation into `memory` (grown to the parameters' size once).
fn compute(
    memory: &mut Vec<Block>,
    argon: &Argon2,
    pw: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> anyhow::Result<()> {
    let blocks = argon.params().block_count();
    if memory.len() < blocks {
        memory.resize(blocks, Block::default());
    }
    argon.hash_password_into_with_memory(pw, salt, out, &mut memory[..blocks]).map_err(argon2_error)
}

/// As `Argon2::default().hash_password`, in `memory`.
pub fn hash_with(memory: &mut Vec<Block>, password: &[u8]) -> anyhow::Result<String> {
    let params = Params::default();
    let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut salt = [0u8; SALT_LEN];
    getrandom::fill(&mut salt).map_err(|e| anyhow::anyhow!("argon2 salt: {e}"))?;
    let mut out = [0u8; OUTPUT_LEN];
    compute(memory, &argon, password, &salt, &mut out)?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(argon2_error)?,
        salt: Some(Salt::new(&salt).map_err(argon2_error)?),
        hash: Some(Output::new(&out).map_err(argon2_error)?),
    };
    Ok(phc.to_string())
}

/// As `Argon2::default().verify_password` (the stored string's algorithm, version and
/// parameters; the outputs compared in constant time by `Output`), in `memory`.
pub fn verify_with(memory: &mut Vec<Block>, password: &[u8], phc: &str) -> bool {
    let Ok(hash) = PasswordHash::new(phc) else { return false };
    let (Some(salt), Some(expected)) = (&hash.salt, &hash.hash) else { return false };
    let Ok(algorithm) = Algorithm::try_from(hash.algorithm.as_str()) else { return false };
    let Ok(version) = hash.version.map(Version::try_from).transpose() else { return false };
    let Ok(params) = Params::try_from(&hash) else { return false };
    if params.m_cost() > MAX_M_COST {
        return false;
    }
    let argon = Argon2::new(algorithm, version.unwrap_or_default(), params);
    let mut out = vec![0u8; expected.len()];
    if compute(memory, &argon, password, salt, &mut out).is_err() {
        return false;
    }
    Output::new(&out).is_ok_and(|o| &o == expected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::PasswordVerifier;

    #[test]
    fn the_pool_s_hashes_are_the_crate_s_and_verify_both_ways() {
        let mut memory = Vec::new();
        let mine = hash_with(&mut memory, b"Some-Password-123").unwrap();
        assert!(mine.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{mine}");
        assert!(Argon2::default().verify_password(b"Some-Password-123", mine.as_str()).is_ok());
        assert!(Argon2::default().verify_password(b"some-password-123", mine.as_str()).is_err());
        let theirs = crate::app::auth::password::hash_blocking("Other-Password-9").unwrap();
        assert!(verify_with(&mut memory, b"Other-Password-9", &theirs));
        assert!(!verify_with(&mut memory, b"Other-Password-8", &theirs));
        assert!(!verify_with(&mut memory, b"x", "not a hash"));
        // Other parameters, as an older or imported hash may have: still verified.
        let small = Argon2::new(
            Algorithm::Argon2i,
            Version::V0x10,
            Params::new(1024, 3, 2, Some(24)).unwrap(),
        );
        let old = argon2::password_hash::PasswordHasher::hash_password(&small, b"Legacy-Pass-1")
            .unwrap()
            .to_string();
        assert!(
            verify_with(&mut memory, b"Legacy-Pass-1", &old)
                && !verify_with(&mut memory, b"Legacy-Pass-2", &old)
        );
        assert_eq!(memory.len(), Params::default().block_count(), "one block of memory, reused");
    }
}
