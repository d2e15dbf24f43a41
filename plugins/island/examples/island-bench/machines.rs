//! A machine's question (an MES before it runs a part): the part's SWP and alerts in force
//! in a zone with their SHA-256, the core's route over the swp and alerts ports.
use crate::seed::Rng;

/// Paths of `GET /api/parts/{partNumber}/in-force?zone=` over the catalogue and zones.
pub fn in_force_path(
    catalogue: &[(String, String)],
    zones: Vec<String>,
) -> impl Fn(&mut Rng) -> String + Send + Sync + 'static {
    let parts: Vec<String> = catalogue.iter().map(|(_, n)| n.clone()).collect();
    move |r| {
        format!(
            "/api/parts/{}/in-force?zone={}",
            parts[r.below(parts.len() as u64) as usize],
            zones[r.below(zones.len() as u64) as usize]
        )
    }
}

/// The same read uncached, one client: before each read every remembered zone list and
/// alert of the feeds is forgotten (the answer's alerts come from them, decision 35), so
/// each read pays the zone's list and its alerts' rows as well as the revision's row.
pub async fn uncached(
    http: &reqwest::Client,
    base: &str,
    kiosk: &crate::load::Session,
    state: &plantdoc_core::app::AppState,
    path: &(dyn Fn(&mut Rng) -> String + Send + Sync),
) -> anyhow::Result<()> {
    let mut r = Rng::new(7);
    let (mut lat, mut errors) = (Vec::new(), 0);
    let started = std::time::Instant::now();
    for _ in 0..500 {
        plantdoc_alerts::forget_feeds(state);
        let t = std::time::Instant::now();
        let res = http
            .get(format!("{base}{}", path(&mut r)))
            .header("cookie", &kiosk.cookie)
            .send()
            .await?;
        errors += usize::from(!res.status().is_success());
        res.bytes().await?;
        lat.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let secs = started.elapsed().as_secs_f64();
    lat.sort_by(f64::total_cmp);
    println!(
        "  in force for machines, uncached (the zone's list and alerts read on every call, 1 client): {} reads, {:.0} req/s, p50 {:.2} ms, {errors} errors",
        lat.len(),
        lat.len() as f64 / secs,
        lat[lat.len() / 2]
    );
    anyhow::ensure!(errors == 0, "uncached in-force reads failed");
    Ok(())
}
