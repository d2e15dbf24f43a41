//! API tests of the swp module (its support: real PDFs, uploads, signed-in roles).
mod audit_file;
mod authz;
pub(crate) mod copies;
mod correct;
mod duties;
mod lifecycle;
mod limits;
mod lists;
mod notify;
mod notify_bench;
mod notify_mail;
mod paging;
mod real_files;
mod retention;
pub(crate) mod support;
mod text_search;
pub(crate) mod translations;
mod upload;
