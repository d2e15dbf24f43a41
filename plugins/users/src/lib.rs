//! User administration and settings.
plantdoc_core::module!(UsersPlugin);
