//! Who and where: the plant's zones by company and its users (the row, its validation
//! and the store). Stands on `data` and `base`.
pub mod users;
mod user_schema;
pub mod zones;
