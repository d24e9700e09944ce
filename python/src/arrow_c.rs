//! Reading a pyarrow `large_string` array in place through the Arrow C data interface (the
//! PyCapsules of `array.__arrow_c_array__()`, pyarrow 14 and later), instead of copying its
//! buffers into Python `bytes` first.
//!
//! The structures are the interface's (`ArrowSchema`, `ArrowArray`), laid out as its
//! specification fixes them. The capsules own what they point to: pyarrow releases the
//! exported array when the array capsule is collected, so the buffers stay valid while the
//! caller holds the capsules.

use std::borrow::Cow;
use std::ffi::{c_char, c_void, CStr};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods};

use crate::batch::Texts;

/// The interface's `struct ArrowSchema`.
#[repr(C)]
struct ArrowSchema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut ArrowSchema,
    dictionary: *mut ArrowSchema,
    release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
    private_data: *mut c_void,
}

/// The interface's `struct ArrowArray`.
#[repr(C)]
struct ArrowArray {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const c_void,
    children: *mut *mut ArrowArray,
    dictionary: *mut ArrowArray,
    release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
    private_data: *mut c_void,
}

fn bad(what: &str) -> PyErr {
    PyValueError::new_err(format!("not an Arrow large_string array: {what}"))
}

/// The pointer a capsule named `name` holds.
fn capsule_pointer(capsule: &Bound<'_, PyCapsule>, name: &CStr) -> PyResult<*mut c_void> {
    if capsule.name()? != Some(name) {
        return Err(bad(&format!("a capsule not named {name:?}")));
    }
    let pointer = capsule.pointer();
    if pointer.is_null() {
        return Err(bad("an empty capsule"));
    }
    Ok(pointer)
}

/// Reads the array the capsules `schema` (`arrow_schema`) and `array` (`arrow_array`) hold,
/// checking that it is a live `large_string` array ("U") with three buffers. The slices
/// borrow the capsules' memory and live no longer than the capsules.
pub fn large_strings<'a>(
    schema: &'a Bound<'_, PyCapsule>,
    array: &'a Bound<'_, PyCapsule>,
) -> PyResult<Texts<'a>> {
    let schema = capsule_pointer(schema, c"arrow_schema")?.cast::<ArrowSchema>();
    let array = capsule_pointer(array, c"arrow_array")?.cast::<ArrowArray>();
    // SAFETY: a capsule named `arrow_schema` holds an `ArrowSchema` (the C data interface's
    // PyCapsule protocol), alive while the capsule is.
    let schema = unsafe { &*schema };
    // SAFETY: as above, for `arrow_array` and `ArrowArray`.
    let array = unsafe { &*array };
    if schema.release.is_none() || array.release.is_none() {
        return Err(bad("it was released"));
    }
    if schema.format.is_null() {
        return Err(bad("no format"));
    }
    // SAFETY: the format is a NUL-terminated string owned by the schema.
    let format = unsafe { CStr::from_ptr(schema.format) };
    if format != c"U" {
        return Err(bad(&format!("its format is {format:?}")));
    }
    let (Ok(rows), Ok(first)) = (usize::try_from(array.length), usize::try_from(array.offset))
    else {
        return Err(bad("a negative length or offset"));
    };
    if array.n_buffers != 3 || array.buffers.is_null() {
        return Err(bad("not three buffers"));
    }
    if rows == 0 {
        return Ok(Texts {
            offsets: Cow::Owned(vec![0; first + 1]),
            data: &[],
            validity: None,
            first,
            rows,
        });
    }
    // SAFETY: `buffers` points to `n_buffers` (3) buffer pointers.
    let [validity, offsets, data] = unsafe { [0, 1, 2].map(|i| *array.buffers.add(i)) };
    if offsets.is_null() {
        return Err(bad("no offsets"));
    }
    let count = first + rows + 1;
    // SAFETY: a large_string array of `offset + length` slots has that many plus one 64-bit
    // offsets in its second buffer; read as bytes, they need no alignment.
    let raw = unsafe { std::slice::from_raw_parts(offsets.cast::<u8>(), count * 8) };
    let offsets = match bytemuck_i64(raw) {
        Some(aligned) => Cow::Borrowed(aligned),
        None => Cow::Owned(
            raw.chunks_exact(8)
                .map(|c| i64::from_ne_bytes(c.try_into().unwrap_or([0; 8])))
                .collect(),
        ),
    };
    let end = usize::try_from(offsets[count - 1]).map_err(|_| bad("a negative offset"))?;
    let data = if end == 0 {
        &[][..]
    } else if data.is_null() {
        return Err(bad("no data"));
    } else {
        // SAFETY: the data buffer holds at least the bytes up to the last offset.
        unsafe { std::slice::from_raw_parts(data.cast::<u8>(), end) }
    };
    let validity = if array.null_count == 0 || validity.is_null() {
        None
    } else {
        // SAFETY: the validity bitmap has a bit for each of the `offset + length` slots.
        Some(unsafe {
            std::slice::from_raw_parts(validity.cast::<u8>(), (first + rows).div_ceil(8))
        })
    };
    Ok(Texts {
        offsets,
        data,
        validity,
        first,
        rows,
    })
}

/// `bytes` as 64-bit integers in place, when they are aligned for them.
fn bytemuck_i64(bytes: &[u8]) -> Option<&[i64]> {
    // SAFETY: every bit pattern is an i64; `align_to` gives an empty prefix only when the
    // start is aligned, and then the middle covers all the bytes (their length is a
    // multiple of 8).
    let (prefix, middle, suffix) = unsafe { bytes.align_to::<i64>() };
    (prefix.is_empty() && suffix.is_empty()).then_some(middle)
}
