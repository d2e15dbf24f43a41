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
