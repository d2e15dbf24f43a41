//! The C ABI a dynamic module library speaks with the host, version 1. Nothing
//! Rust-typed crosses: the library exports one symbol, [`ENTRY_SYMBOL`], returning a
//! pointer to a `#[repr(C)]` [`PlantdocModuleV1`] table whose first field is the ABI
//! version. The host checks the version before touching anything else, then reads the
//! manifest (JSON, the fields of a `module.json`), the migrations (JSON list of
//! `{version, name, sql, postgres?}`) and calls the request handler with bytes (JSON in:
//! `{method, path, query, user, body (base64)}`; JSON out: `{status, contentType?, body}`).
//! This crate has no dependencies, so a module built against it links nothing of the host.

pub const ABI_VERSION: u32 = 1;
pub const ENTRY_SYMBOL: &str = "plantdoc_module_entry";

/// Bytes owned by the side that made them; handed back to that side's `free_bytes`.
#[repr(C)]
pub struct PdBytes {
    pub ptr: *mut u8,
    pub len: usize,
    pub cap: usize,
}

/// The table a module's entry symbol returns (ABI version 1).
#[repr(C)]
pub struct PlantdocModuleV1 {
    pub abi_version: u32,
    pub manifest_json: extern "C" fn() -> PdBytes,
    pub migrations_json: extern "C" fn() -> PdBytes,
    /// Request JSON in; response JSON out.
    pub handle: extern "C" fn(req: *const u8, len: usize) -> PdBytes,
    pub free_bytes: extern "C" fn(PdBytes),
}

/// The type of the entry symbol.
pub type EntryFn = unsafe extern "C" fn() -> *const PlantdocModuleV1;

impl PdBytes {
    /// Hands a vector over (the module side); give it back with [`PdBytes::free`].
    pub fn from_vec(v: Vec<u8>) -> Self {
        let mut v = std::mem::ManuallyDrop::new(v);
        PdBytes { ptr: v.as_mut_ptr(), len: v.len(), cap: v.capacity() }
    }

    /// Frees bytes made by [`PdBytes::from_vec`] in this same library.
    ///
    /// # Safety
    /// `self` must come from `from_vec` of the same library and be freed once.
    pub unsafe fn free(self) {
        if !self.ptr.is_null() {
            drop(Vec::from_raw_parts(self.ptr, self.len, self.cap));
        }
    }
}
