//! The shared operator kiosk: badge, part, read, acknowledge, verify. The sign histories it shows are served by the swp module, which owns that data.
plantdoc_core::module!(IslandPlugin);
