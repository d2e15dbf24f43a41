//! Documents and their files: acknowledgements (sign records of registered kinds), uploads checked by content, PDFs checked and merged in a
//! worker, blob storage (folder or S3) and the part catalogue. Stands on `plant`, `data`
//! and `base`.
pub mod acks;
pub mod files;
pub mod parts;
pub mod pdf;
pub mod storage;
