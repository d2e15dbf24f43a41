//! API tests of the alerts module (helpers: the SWP tests' people, PDFs and uploads).
mod authz;
mod copies;
mod correct;
mod duties;
mod flow;
mod kiosk;
mod notify;
mod real_files;
mod retention;
pub(crate) mod support;
mod text_search;
