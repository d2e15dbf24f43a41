//! The demo kanban board (release 2.0).
plantdoc_core::prelude::module!(KanbanPlugin);
