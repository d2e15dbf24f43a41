//! The {{Name}} module: a company's list of items (README.md). `routes` (the API and its
//! handlers), `access` (who may: pure rules), `store` (its SQL).
mod access;
mod routes;
mod store;

use plantdoc_core::prelude::*;
use serde::Deserialize;

/// `[modules.{{id}}]` (defaults in plugins/{{id}}/settings.toml).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct {{Type}}Settings {
    /// Longest item title, in characters.
    pub max_title_chars: usize,
}

/// The module's state, read by handlers with `state.get::<{{Type}}State>()`.
pub struct {{Type}}State {
    pub settings: {{Type}}Settings,
}

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    let settings: {{Type}}Settings = ctx.settings()?;
    if settings.max_title_chars == 0 {
        anyhow::bail!("configuration error: modules.{{id}}.max_title_chars must be at least 1");
    }
    ctx.state({{Type}}State { settings });
    ctx.routes(routes::routes());
    Ok(())
}

module!({{Type}}Plugin, build);
