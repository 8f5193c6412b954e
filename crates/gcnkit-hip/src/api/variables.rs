//! `__device__` and `__constant__` variables of the loaded code objects.

use super::*;

// ---- Variables (`__device__`, `__constant__`): the loaded code object's, found by their
// host shadow's address ----

pub unsafe extern "C" fn hipGetSymbolAddress(dev_ptr: *mut *mut c_void, symbol: *const c_void) -> i32 {
    guard(|| {
        if dev_ptr.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (addr, _) = with(|rt| rt.symbol(symbol as usize))?;
        // SAFETY: checked non-null.
        unsafe { *dev_ptr = addr as *mut c_void };
        Ok(())
    })
}

pub unsafe extern "C" fn hipGetSymbolSize(size: *mut usize, symbol: *const c_void) -> i32 {
    guard(|| {
        if size.is_null() {
            return Err(hipErrorInvalidValue);
        }
        let (_, n) = with(|rt| rt.symbol(symbol as usize))?;
        // SAFETY: checked non-null.
        unsafe { *size = n as usize };
        Ok(())
    })
}

/// The device address of `[offset, offset + n)` of a variable, checked against its size.
pub(super) fn symbol_range(symbol: *const c_void, n: usize, offset: usize) -> Result<u64, HipError> {
    let (addr, size) = with(|rt| rt.symbol(symbol as usize))?;
    match offset.checked_add(n) {
        Some(end) if end as u64 <= size => Ok(addr + offset as u64),
        _ => Err(hipErrorInvalidValue),
    }
}

pub unsafe extern "C" fn hipMemcpyToSymbol(
    symbol: *const c_void,
    src: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    // The race check's ranges (none when the symbol is wrong: the call says so).
    let ranges = || {
        symbol_range(symbol, size_bytes, offset)
            .map_or(Vec::new(), |at| copy_ranges(at as *const c_void, src, size_bytes))
    };
    blocking_copy("hipMemcpyToSymbol", ranges, || {
        let at = symbol_range(symbol, size_bytes, offset)?;
        let kind = if kind == 1 || kind == 3 || kind == 4 {
            kind
        } else {
            return Err(hipErrorInvalidMemcpyDirection);
        };
        // SAFETY: the caller's source, as hipMemcpy takes it.
        unsafe { memcpy("hipMemcpyToSymbol", at as *mut c_void, src, size_bytes, kind) }
    })
}

pub unsafe extern "C" fn hipMemcpyToSymbolAsync(
    symbol: *const c_void,
    src: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    guard(|| {
        let at = symbol_range(symbol, size_bytes, offset)?;
        if !(kind == 1 || kind == 3 || kind == 4) {
            return Err(hipErrorInvalidMemcpyDirection);
        }
        // SAFETY: the caller's source, as hipMemcpyAsync takes it.
        unsafe {
            memcpy_async(
                "hipMemcpyToSymbolAsync",
                at as *mut c_void,
                src,
                size_bytes,
                kind,
                stream,
            )
        }
    })
}

pub unsafe extern "C" fn hipMemcpyFromSymbol(
    dst: *mut c_void,
    symbol: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
) -> i32 {
    let ranges = || {
        symbol_range(symbol, size_bytes, offset)
            .map_or(Vec::new(), |at| copy_ranges(dst, at as *const c_void, size_bytes))
    };
    blocking_copy("hipMemcpyFromSymbol", ranges, || {
        let at = symbol_range(symbol, size_bytes, offset)?;
        let kind = if kind == 2 || kind == 3 || kind == 4 {
            kind
        } else {
            return Err(hipErrorInvalidMemcpyDirection);
        };
        // SAFETY: the caller's destination, as hipMemcpy takes it.
        unsafe { memcpy("hipMemcpyFromSymbol", dst, at as *const c_void, size_bytes, kind) }
    })
}

pub unsafe extern "C" fn hipMemcpyFromSymbolAsync(
    dst: *mut c_void,
    symbol: *const c_void,
    size_bytes: usize,
    offset: usize,
    kind: i32,
    stream: *mut c_void,
) -> i32 {
    guard(|| {
        let at = symbol_range(symbol, size_bytes, offset)?;
        if !(kind == 2 || kind == 3 || kind == 4) {
            return Err(hipErrorInvalidMemcpyDirection);
        }
        // SAFETY: the caller's destination, as hipMemcpyAsync takes it.
        unsafe {
            memcpy_async(
                "hipMemcpyFromSymbolAsync",
                dst,
                at as *const c_void,
                size_bytes,
                kind,
                stream,
            )
        }
    })
}
