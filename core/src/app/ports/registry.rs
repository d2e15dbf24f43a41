//! The registry of ports: what each module provided at build, looked up by trait at run
//! time ([`AppState::port`]), and the document kinds modules declare.
use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use crate::acks::DocKind;
use crate::app::AppState;
use crate::plugin::Module;

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
}
