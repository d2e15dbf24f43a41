//! API tests of the swp module (its support: real PDFs, uploads, signed-in roles).
mod authz;
mod duties;
mod lifecycle;
mod lists;
mod paging;
pub(crate) mod support;
mod real_files;
mod upload;
