//! The island alone: this crate's test binary links the core and the island only (a
//! module crate depends on no other), so fakes stand in for the modules it talks to: an
//! empty `swp` (the island's manifest depends on it) and a provider of the
//! `TrainingLevels` port, against which the kiosk's training card is checked.
use std::sync::Arc;

use plantdoc_core::app::{build_state, AppState, BuildOptions};
use plantdoc_core::config::Settings;
use plantdoc_core::ports::{async_trait, TrainingLevels};
use plantdoc_core::{Manifest, ModuleContext, Plugin};

use crate::status::training_card;

/// Levels from a table: operator `op-3` is at 3 on part 7101; nobody else is in a matrix.
struct FakeLevels;

#[async_trait]
impl TrainingLevels for FakeLevels {
    fn gate(&self, _state: &AppState) -> bool {
        true
    }
    async fn level(&self, _state: &AppState, op_id: &str, part_number: &str) -> Option<i32> {
        (op_id == "op-3" && part_number == "7101").then_some(3)
    }
}

struct FakeTraining;

impl Plugin for FakeTraining {
    fn manifest(&self) -> Manifest {
        Manifest::new("fake-training", "Fake training", "2.0")
    }
    fn build(&self, ctx: &mut ModuleContext) -> anyhow::Result<()> {
        ctx.provide_port::<dyn TrainingLevels>(Arc::new(FakeLevels));
        Ok(())
    }
}

/// A module that provides nothing: the `swp` the island's manifest depends on.
struct Empty(&'static str);

impl Plugin for Empty {
    fn manifest(&self) -> Manifest {
        Manifest::new(self.0, "Stand-in", "1.0")
    }
    fn build(&self, _ctx: &mut ModuleContext) -> anyhow::Result<()> {
        Ok(())
    }
}

/// The island (and `extra`) on a fresh SQLite file, every other module's settings dropped.
async fn alone(dir: &std::path::Path, mut extra: Vec<Arc<dyn Plugin>>) -> AppState {
    extra.push(Arc::new(Empty("swp")));
    let config = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config");
    let url = format!("sqlite://{}", dir.join("island.db").display());
    let overrides = [("database.url", url.as_str()), ("log.level", "warn")];
    let mut s = Settings::load_with(&config, &overrides).expect("settings");
    let mut ids = vec!["island".to_string()];
    ids.extend(extra.iter().map(|p| p.manifest().id));
    s.modules.retain(|id, _| ids.contains(id));
    s.release_modules = ids;
    let opts = BuildOptions { load_dynamic: false, extra_plugins: extra, ..Default::default() };
    build_state(s, opts).await.expect("the island starts alone")
}

#[tokio::test]
async fn the_training_card_reads_a_fake_training_port() {
    let tmp = tempfile::tempdir().unwrap();
    let state = alone(tmp.path(), vec![Arc::new(FakeTraining)]).await;
    let ids: Vec<&str> = state.modules.iter().map(|m| m.manifest.id.as_str()).collect();
    assert_eq!(ids.len(), 3, "{ids:?}");
    assert!(["island", "swp", "fake-training"].iter().all(|m| ids.contains(m)), "{ids:?}");
    assert_eq!(training_card(&state, "op-3", "7101").await, (3, None));
    // Not in a matrix with the part: -1, the kiosk blocks.
    assert_eq!(training_card(&state, "op-4", "7101").await, (-1, None));

    // No provider: checks disabled (5), as with the training module off.
    let tmp = tempfile::tempdir().unwrap();
    let state = alone(tmp.path(), Vec::new()).await;
    assert_eq!(training_card(&state, "op-3", "7101").await, (5, None));
}
