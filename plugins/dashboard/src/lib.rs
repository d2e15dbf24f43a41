//! The demo dashboard (release 2.0): its page is the web remote's.
plantdoc_core::module!(DashboardPlugin);
