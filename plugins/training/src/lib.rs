//! The training matrix (release 2.0).
plantdoc_core::module!(TrainingPlugin);
