//! API tests of the training module (release 2.0).
mod authz;
mod bodies;
mod gaps;
mod matrix;
pub(crate) mod qualification;
pub(crate) mod support;
mod validation;
mod waivers;
