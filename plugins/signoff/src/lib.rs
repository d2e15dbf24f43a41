//! Sign Off: review SWPs and alerts in the browser, on the swp and alerts calls.
plantdoc_core::prelude::module!(SignoffPlugin);
