//! Ports: what one module offers the others, declared here as traits with the data they
//! exchange, so that no module crate depends on another (a test reads `cargo metadata`).
//! The module that owns the data provides the port in its `build`:
//!
//! ```ignore
//! ctx.provide_port::<dyn DeployedDocs>(Arc::new(kiosk::Docs));
//! ```
//!
//! and a consumer asks the state at run time: `state.port::<dyn DeployedDocs>()` is
//! `None` while the provider is switched off (or not linked), so the consumer decides
//! what that means for it (docs/modules.md, "Ports"). A port has one provider: a second
//! one stops start-up. Document kinds with sign records are registered the same way
//! (`ctx.doc_kind`, see [`crate::acks::DocKind`]).
use crate::text;
use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

pub use async_trait::async_trait;

use crate::acks::DocKind;
use crate::app::AppState;
use crate::auth::users::User;
use crate::error::AppResult;
use crate::plugin::Module;

// --- the ports ---

/// One version of a document an operator signs at the kiosk: the sign record binds to
/// `version_hash` and is stored under `kind`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignableVersion {
    pub kind: DocKind,
    pub id: String,
    pub part_number: String,
    /// The SHA-256 of the version's content.
    pub version_hash: String,
}

impl SignableVersion {
    /// What an audit row about this document names: `"<kind>:<id>"`.
    pub fn target(&self) -> String {
        format!("{}:{}", self.kind, self.id)
    }
}

/// One file of a document version as the kiosk may show it (decision 82): a section's
/// original (`lang` None) or its translation into `lang`, with the file's SHA-256. A
/// sign record names the ones the operator was shown.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct VersionFile {
    pub section: String,
    pub lang: Option<String>,
    pub sha256: String,
}

/// The languages a document may be translated into (the shipped languages).
pub const DOC_LANGS: [&str; 3] = ["en", "es", "pl"];

/// A document language as sent (`lang`): one of [`DOC_LANGS`], or the field's message.
pub fn doc_lang(v: &str) -> Result<&'static str, &'static str> {
    DOC_LANGS
        .iter()
        .copied()
        .find(|l| *l == v.trim())
        .ok_or(text!("Choose a language: en, es or pl."))
}

/// An operator's standing on a deployed document, read at once (the kiosk's status call
/// runs on every part an operator loads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// `op_id` is an active operator or OJT trainee with a badge of the viewer's company
    /// (`acks::signs_as_operator`).
    pub operator_known: bool,
    /// The document if it is deployed now and the viewer may see it.
    pub version: Option<SignableVersion>,
    /// When the operator signed that version, by the newest verified record.
    pub signed_at: Option<i64>,
    /// A record of that version awaits verification.
    pub awaiting: bool,
}

/// The work instructions deployed on the floor (the SWPs): the version an operator
/// signs, and an operator's standing for it.
#[async_trait]
pub trait DeployedDocs: Send + Sync {
    /// The document if it is deployed now and `viewer` may see it; `None` otherwise (a
    /// superseded revision cannot be signed).
    async fn deployed(
        &self,
        state: &AppState,
        viewer: &User,
        doc_id: &str,
    ) -> AppResult<Option<SignableVersion>>;
    /// `op_id`'s standing on the document `doc_id` as `viewer` sees it.
    async fn standing(
        &self,
        state: &AppState,
        viewer: &User,
        doc_id: &str,
        op_id: &str,
    ) -> AppResult<Standing>;
    /// Every file of the document's version (originals and translations).
    async fn files(&self, _state: &AppState, _doc_id: &str) -> AppResult<Vec<VersionFile>> {
        Ok(Vec::new())
    }
    /// The part's document deployed now in `zone` of the viewer's company, if the viewer
    /// may see it.
    async fn in_force_for_part(
        &self,
        _state: &AppState,
        _viewer: &User,
        _part_number: &str,
        _zone: &str,
    ) -> AppResult<Option<InForceDoc>> {
        Ok(None)
    }
}

/// A part's document in force in a zone, as a machine reads it (`GET
/// /api/parts/{partNumber}/in-force`): the version, the SHA-256 of each original file.
#[derive(Debug, Clone)]
pub struct InForceDoc {
    pub id: String,
    pub revision: i64,
    /// The version's SHA-256 (over its files'): what a signature binds to.
    pub content_hash: String,
    /// The originals (`lang` None), by section.
    pub files: Vec<VersionFile>,
    pub deploy_ms: i64,
    /// When it took effect on the floor (a work instruction: its deploy).
    pub effective_ms: i64,
}

/// Alerts in force on the floor.
#[async_trait]
pub trait AlertsInForce: Send + Sync {
    /// The alert if it is deployed and in force now (effective <= now < sunset) in
    /// `company`; `None` otherwise.
    async fn in_force(
        &self,
        state: &AppState,
        company: &str,
        alert_id: &str,
    ) -> AppResult<Option<SignableVersion>>;
    /// Every file of the alert (the original and its translations).
    async fn files(&self, _state: &AppState, _alert_id: &str) -> AppResult<Vec<VersionFile>> {
        Ok(Vec::new())
    }
}

/// An alert that applied to a part (the auditor's file, decision 63): the version signed (its
/// kind, id and file SHA-256), its tag, type, status and dates.
#[derive(Debug, Clone)]
pub struct PartAlert {
    pub version: SignableVersion,
    pub tag: String,
    pub alert_type: String,
    pub status: String,
    pub effective_ms: i64,
    pub sunset_ms: i64,
    pub deploy_ms: Option<i64>,
}

/// The alerts of a part.
#[async_trait]
pub trait PartAlerts: Send + Sync {
    /// Every alert of the viewer's company for the part that was ever deployed, as the
    /// viewer may see them, oldest first.
    async fn of_part(
        &self,
        state: &AppState,
        viewer: &User,
        part_number: &str,
    ) -> AppResult<Vec<PartAlert>>;
    /// The part's alerts in force now (effective <= now < sunset) in `zone` of the
    /// viewer's company, newest effective first.
    async fn in_force_in_zone(
        &self,
        _state: &AppState,
        _viewer: &User,
        _part_number: &str,
        _zone: &str,
    ) -> AppResult<Vec<PartAlert>> {
        Ok(Vec::new())
    }
}

pub use super::readiness_port::{ReadingObligations, Readings};
pub use super::training_port::{PartWaiver, Qualification, TrainingLevels};

pub use super::change_control::{
    day_of, day_start_ms, held_back, parse_days, review_due, AttachedRevision, ChangeControl,
    REASON_REQUIRED,
};

// --- the registry ---

/// One port as a module provided it (see `ModuleContext::provide_port`).
pub struct Provided {
    type_id: TypeId,
    name: &'static str,
    /// An `Arc<P>`.
    port: Arc<dyn Any + Send + Sync>,
}

impl Provided {
    pub fn new<P: ?Sized + Send + Sync + 'static>(port: Arc<P>) -> Self {
        Self { type_id: TypeId::of::<P>(), name: std::any::type_name::<P>(), port: Arc::new(port) }
    }
}

/// Every module's ports and document kinds, by the module that provides them.
#[derive(Default)]
pub struct Ports {
    by_type: HashMap<TypeId, (String, Arc<dyn Any + Send + Sync>)>,
    kinds: BTreeMap<&'static str, (DocKind, String)>,
}

impl Ports {
    /// Collects what every known module (enabled or not) provides; refuses a port or a
    /// document kind provided twice, and a kind id that is not lower-case letters,
    /// digits and '-'.
    pub fn collect(modules: &[Module]) -> anyhow::Result<Self> {
        let mut out = Ports::default();
        let mut names: HashMap<TypeId, (&str, &str)> = HashMap::new();
        for m in modules {
            let id = m.manifest.id.as_str();
            for p in &m.built.ports {
                if let Some((first, _)) = names.insert(p.type_id, (id, p.name)) {
                    anyhow::bail!(
                        "module '{id}': port {} is already provided by module '{first}'",
                        p.name
                    );
                }
                out.by_type.insert(p.type_id, (id.to_string(), p.port.clone()));
            }
            for k in &m.built.doc_kinds {
                if !k.is_valid() {
                    anyhow::bail!("module '{id}': document kind {:?} must be lower-case letters, digits and '-'", k.as_str());
                }
                if let Some((_, first)) = out.kinds.insert(k.as_str(), (*k, id.to_string())) {
                    anyhow::bail!("module '{id}': document kind '{k}' is already declared by module '{first}'");
                }
            }
        }
        Ok(out)
    }
}

impl AppState {
    /// The port `P` (`dyn SomePort`) while its provider is enabled; `None` when it is
    /// switched off or no linked module provides it.
    pub fn port<P: ?Sized + 'static>(&self) -> Option<&P> {
        let (module, port) = self.ports.by_type.get(&TypeId::of::<P>())?;
        if !self.module_enabled(module) {
            return None;
        }
        port.downcast_ref::<Arc<P>>().map(|p| &**p)
    }

    /// The document kind registered under `id`, with the module that owns it (enabled
    /// or not: records outlive a switch).
    pub fn doc_kind(&self, id: &str) -> Option<(DocKind, &str)> {
        self.ports.kinds.get(id).map(|(k, m)| (*k, m.as_str()))
    }

    /// Every registered document kind, by id.
    pub fn doc_kinds(&self) -> impl Iterator<Item = (DocKind, &str)> {
        self.ports.kinds.values().map(|(k, m)| (*k, m.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module_ctx::Built;
    use crate::plugin::Manifest;

    trait Greeting: Send + Sync {
        fn hello(&self) -> &'static str;
    }
    struct En;
    impl Greeting for En {
        fn hello(&self) -> &'static str {
            "hello"
        }
    }

    fn module(id: &str, ports: Vec<Provided>, kinds: &[&'static str]) -> Module {
        let built = Built {
            ports,
            doc_kinds: kinds.iter().map(|k| DocKind::new(k)).collect(),
            ..Built::default()
        };
        Module { manifest: Manifest::new(id, id, "1.0"), enabled: true, built: Arc::new(built) }
    }

    #[test]
    fn a_port_is_found_by_its_trait_and_has_one_provider() {
        let greet = || Provided::new::<dyn Greeting>(Arc::new(En));
        let ports = Ports::collect(&[
            module("a", vec![greet()], &["doc"]),
            module("b", vec![], &["other-2"]),
        ])
        .unwrap();
        let (module_id, port) = ports.by_type.get(&TypeId::of::<dyn Greeting>()).unwrap();
        assert_eq!(module_id, "a");
        assert_eq!(port.downcast_ref::<Arc<dyn Greeting>>().unwrap().hello(), "hello");
        assert_eq!(ports.kinds.keys().copied().collect::<Vec<_>>(), ["doc", "other-2"]);

        let twice =
            Ports::collect(&[module("a", vec![greet()], &[]), module("b", vec![greet()], &[])])
                .err()
                .unwrap()
                .to_string();
        assert!(
            twice.starts_with("module 'b': port ")
                && twice.ends_with("is already provided by module 'a'"),
            "{twice}"
        );
        let kind_twice =
            Ports::collect(&[module("a", vec![], &["doc"]), module("b", vec![], &["doc"])])
                .err()
                .unwrap()
                .to_string();
        assert_eq!(kind_twice, "module 'b': document kind 'doc' is already declared by module 'a'");
        let bad = Ports::collect(&[module("a", vec![], &["Doc's"])]).err().unwrap().to_string();
        assert_eq!(
            bad,
            "module 'a': document kind \"Doc's\" must be lower-case letters, digits and '-'"
        );
    }

    #[test]
    fn an_audit_target_names_kind_and_id() {
        let v = SignableVersion {
            kind: DocKind::new("doc"),
            id: "d1".into(),
            part_number: "7101".into(),
            version_hash: "h".into(),
        };
        assert_eq!(v.target(), "doc:d1");
    }
}
