//! Who and where: the plant's zones by company and its users (the row, its validation
//! and the store). Stands on `data` and `base`.
pub mod engineers;
pub mod people;
mod user_input;
mod user_schema;
pub mod users;
pub mod zones;
