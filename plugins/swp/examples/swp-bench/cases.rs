//! The benchmark's scenarios (docs/speed.md, 'Browse and search'): the floor, part search, and
//! Browse / All Approved for every sort key of spec section 7 in both orders, pages 1, 100 and
//! 1000, without and with a search term; then the floor again. Each row is printed with its share
//! of the floor (the mean of the two floor rows of the same run).
use std::sync::Arc;
use std::time::Instant;

use crate::load::{self, Session};
use crate::seed::Rng;

pub type Make = Box<dyn Fn(&mut Rng) -> String + Send + Sync>;

pub struct Case<'a> {
    pub name: String,
    /// The bare axum + sqlx primary-key lookup (the floor), not the app.
    pub bare: bool,
    pub session: Option<&'a Session>,
    pub make: Make,
    /// Counted against the 60 % target (docs/speed.md; the rest is printed for context).
    pub target: bool,
}

/// The sort keys of spec section 7 (`sortBy`).
pub const SORT_KEYS: [&str; 5] = [
    "partNumber",
    "deployDate.timestamp",
    "uploadDate.timestamp",
    "owner.firstname",
    "onBehalfOf.name",
];

fn browse(page: usize, sort: &'static str, order: &'static str, term: bool) -> Make {
    Box::new(move |r: &mut Rng| {
        // A one-character part-number prefix (about a third of the plant each) so that
        // page 1000 exists with a term too.
        let search = if term { format!("&search={}", 7 + r.below(3)) } else { String::new() };
        format!("/api/swps/deployed-swps-paginated?page={page}&limit=10&sortBy={sort}&sortOrder={order}{search}")
    })
}

fn floor(ids: &Arc<Vec<String>>) -> Case<'static> {
    let ids = ids.clone();
    Case {
        name: "bare axum+sqlx PK lookup (floor)".into(),
        bare: true,
        session: None,
        target: false,
        make: Box::new(move |r| format!("/bare/{}", ids[r.below(ids.len() as u64) as usize])),
    }
}

/// Every row, in order: floor first and last.
pub fn all<'a>(
    ids: Arc<Vec<String>>,
    parts: Arc<Vec<String>>,
    all: &'a Session,
    two: &'a Session,
    small: bool,
) -> Vec<Case<'a>> {
    let mut rows = vec![floor(&ids)];
    let i = ids.clone();
    rows.push(Case {
        name: "GET swp/{id} (session, rules, signs, links)".into(),
        bare: false,
        session: Some(all),
        target: false,
        make: Box::new(move |r| format!("/api/swps/swp/{}", i[r.below(i.len() as u64) as usize])),
    });
    let p = parts.clone();
    rows.push(Case {
        name: "part search (prefix 2-5 chars, limit 10)".into(),
        bare: false,
        session: Some(all),
        target: true,
        make: Box::new(move |r| {
            let part = &p[r.below(p.len() as u64) as usize];
            let n = 2 + r.below(4) as usize;
            format!(
                "/api/swps/deployed-swp-part-numbers?searchTerm={}&limit=10",
                &part[..n.min(part.len())]
            )
        }),
    });
    let p = parts.clone();
    rows.push(Case {
        name: "part search, user with 2 of 13 zones".into(),
        bare: false,
        session: Some(two),
        target: false,
        make: Box::new(move |r| {
            format!(
                "/api/swps/deployed-swp-part-numbers?searchTerm={}&limit=10",
                &p[r.below(p.len() as u64) as usize][..3]
            )
        }),
    });
    // `--small` keeps one order per key (CI checks that the program runs).
    let orders: &[&'static str] = if small { &["desc"] } else { &["asc", "desc"] };
    for sort in SORT_KEYS {
        for &order in orders {
            for term in [false, true] {
                for page in [1, 100, 1000] {
                    let name = format!(
                        "browse {sort} {order} p{page}{}",
                        if term { " search" } else { "" }
                    );
                    rows.push(Case {
                        name,
                        bare: false,
                        session: Some(all),
                        target: true,
                        make: browse(page, sort, order, term),
                    });
                }
            }
        }
    }
    rows.push(Case {
        name: "browse deployDate desc p1, 2 of 13 zones".into(),
        bare: false,
        session: Some(two),
        target: false,
        make: browse(1, "deployDate.timestamp", "desc", false),
    });
    rows.push(Case {
        name: "browse deployDate desc p100, 2 of 13 zones".into(),
        bare: false,
        session: Some(two),
        target: false,
        make: browse(100, "deployDate.timestamp", "desc", false),
    });
    // Context for the rows above, which repeat a few pages (remembered, decision 37):
    // what a page costs when it is read afresh (a random one of the first 4 000).
    rows.push(Case {
        name: "browse deployDate desc, random page (read afresh)".into(),
        bare: false,
        session: Some(all),
        target: false,
        make: Box::new(|r| {
            format!("/api/swps/deployed-swps-paginated?page={}&limit=10&sortBy=deployDate.timestamp&sortOrder=desc", 1 + r.below(4000))
        }),
    });
    rows.push(floor(&ids));
    rows
}

struct Measured {
    name: String,
    target: bool,
    o: load::Outcome,
}

/// Runs every case and prints the table; answers the number of failed requests.
pub async fn run(
    http: &reqwest::Client,
    app: &str,
    bare: &str,
    cases: Vec<Case<'_>>,
    clients: usize,
    secs: f64,
) -> usize {
    let started = Instant::now();
    let mut done: Vec<Measured> = Vec::new();
    for c in cases {
        let o = load::run(http, if c.bare { bare } else { app }, c.session, clients, secs, c.make)
            .await;
        eprintln!("  {:<44} {:>8.0} req/s", c.name, o.rps());
        done.push(Measured { name: c.name, target: c.target, o });
    }
    let floors: Vec<f64> =
        done.iter().filter(|m| m.name.contains("(floor)")).map(|m| m.o.rps()).collect();
    let floor = floors.iter().sum::<f64>() / floors.len().max(1) as f64;
    println!(
        "{:<46} {:>8} {:>8} {:>7} {:>8} {:>8} {:>6}",
        "scenario", "requests", "req/s", "% floor", "p50 ms", "p99 ms", "errors"
    );
    let (mut failed, mut below, mut worst) = (0, 0, f64::MAX);
    for m in &done {
        let pct = 100.0 * m.o.rps() / floor.max(1.0);
        let flag = if m.target && pct < 60.0 { " <60%" } else { "" };
        if m.target {
            worst = worst.min(pct);
            below += usize::from(pct < 60.0);
        }
        failed += m.o.errors;
        println!(
            "{:<46} {:>8} {:>8.0} {:>6.0}% {:>8.2} {:>8.2} {:>6}{flag}",
            m.name,
            m.o.requests,
            m.o.rps(),
            pct,
            m.o.p50_ms,
            m.o.p99_ms,
            m.o.errors
        );
    }
    println!("floor (mean of {} rows): {floor:.0} req/s; issue-13 rows below 60 %: {below}; lowest {worst:.0} %", floors.len());
    println!("measured in {:.1} s", started.elapsed().as_secs_f64());
    failed
}
