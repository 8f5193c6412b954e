//! The host side of the device library's *hostcall* (ROCm 5.2 device-libs, `ockl`'s
//! `hostcall_impl.cl` and `services.cl`): what device `printf` goes through.
//!
//! The buffer (`buffer_t`): pointers to the packet headers and payloads, a doorbell signal, a
//! free stack and a ready stack of packets (tagged indices: index = pointer & `index_mask`),
//! and the index mask. A wave pops a free packet, writes its service id, active lanes and each
//! lane's 8 arguments, pushes the packet on the ready stack, rings the doorbell and sleeps
//! (`s_sleep`) until the host clears the packet's ready flag; each lane then reads its first
//! two payload words as the answer. The kernel machine calls [`Hostcall::service`] when a
//! wave sleeps; it answers every ready packet.
//!
//! Printf (service 2) is a *message* per lane: a descriptor word (flags begin/end, the number
//! of argument words, the message id the host gave at begin) and up to 7 words. The message
//! holds the control word (0: stdout, 1: stderr), the format string (its bytes, NUL included,
//! padded to words), then per conversion one word, or for `%s` the string inline the same way.
//! When a message ends, it is printed through the C library's own streams, so that it keeps
//! its place among the program's own output.
//!
//! When the message ends, the lane's answer is the number of bytes printed (C's printf's
//! return, which device `printf` returns, as ROCm's host does), or -1 for a control word with
//! other bits than the lowest (nothing printed).
//!
//! Device memory (service 3) is what the device library's `malloc` asks for: slabs of 2 MiB
//! and large pieces, handed out from a heap reserved beside the buffer.
//!
//! A function call (service 1, `__ockl_call_host_function(fptr, arg0..arg6)`) calls the host
//! function `fptr(output, input)` with the 7 arguments as `input` and answers its 2 output
//! words, as ROCm's host does.

use gcnkit::emu::device::Device;
use gcnkit::emu::memory::Memory;
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void, CString};
use std::sync::Mutex;

/// Packets in the buffer: more than the waves that can wait at once (one per worker thread's
/// running wave; a wave holds one packet at a time).
const PACKETS: u64 = 256;
const HEADER: u64 = 24;
const PAYLOAD: u64 = 64 * 8 * 8;

const SERVICE_FUNCTION_CALL: u32 = 1;
const SERVICE_PRINTF: u32 = 2;
const SERVICE_DEVMEM: u32 = 3;

/// The device heap `malloc` draws from (service 3 hands out pieces of it): reserved when the
/// buffer is made, its pages untouched (and so not resident) until used.
pub const HEAP: u64 = 256 << 20;

/// A hostcall buffer in device memory and the messages being assembled.
pub struct Hostcall {
    /// The `buffer_t`, which kernels' `hidden_hostcall_buffer` points to.
    pub base: u64,
    headers: u64,
    payloads: u64,
    messages: Mutex<Messages>,
    /// The heap's range and the next free byte (pieces are never given back: a freed piece
    /// stays unused, which the heap's size allows for a run of a test program).
    heap: (u64, u64),
    heap_next: Mutex<u64>,
}

#[derive(Default)]
struct Messages {
    next_id: u64,
    open: HashMap<u64, Vec<u64>>,
    /// Services asked for and not provided (said once each).
    unsupported: Vec<u32>,
}

/// A packet's pointer: its index with tag 1 (never 0: 0 is the empty stack).
fn ptr(index: u64) -> u64 {
    index + PACKETS
}

impl Hostcall {
    /// Allocates and initialises a buffer on `dev`: every packet on the free stack.
    pub fn new(dev: &mut Device) -> Hostcall {
        let headers_size = (PACKETS * HEADER).next_multiple_of(64);
        let size = 64 + 64 + headers_size + PACKETS * PAYLOAD;
        // The runtime's own memory, set up as the device library expects (zeros included),
        // used through the hostcall protocol's atomics.
        let base = dev.alloc_internal("hostcall buffer", size);
        let signal = base + 64;
        let headers = base + 128;
        let payloads = headers + headers_size;
        let mut buffer = Vec::with_capacity(48);
        for v in [headers, payloads, signal, ptr(0), 0, PACKETS - 1] {
            buffer.extend(v.to_le_bytes());
        }
        let _ = dev.write(base, &buffer);
        for i in 0..PACKETS {
            let next = if i + 1 < PACKETS { ptr(i + 1) } else { 0 };
            let _ = dev.write(headers + i * HEADER, &next.to_le_bytes());
        }
        // Zeroed as ROCm's runtime gives it (the device allocator's bookkeeping lives in it).
        let heap = dev.alloc_internal("device heap", HEAP);
        Hostcall {
            base,
            headers,
            payloads,
            messages: Mutex::new(Messages::default()),
            heap: (heap, heap + HEAP),
            heap_next: Mutex::new(heap),
        }
    }

    /// Answers every packet on the ready stack.
    pub fn service(&self, mem: &Memory) {
        let mut msgs = self.messages.lock().unwrap_or_else(|e| e.into_inner());
        let mut p = mem.atomic64(self.base + 32, |_| 0).unwrap_or(0);
        let mut seen = 0;
        while p != 0 && seen < PACKETS {
            seen += 1;
            let index = p & (PACKETS - 1);
            let header = self.headers + index * HEADER;
            let payload = self.payloads + index * PAYLOAD;
            let next = mem.read(header, 8).unwrap_or(0);
            let active = mem.read(header + 8, 8).unwrap_or(0);
            let service = mem.read(header + 16, 4).unwrap_or(0) as u32;
            for lane in 0..64u64 {
                if active >> lane & 1 == 0 {
                    continue;
                }
                let slot = payload + lane * 64;
                let mut args = [0u64; 8];
                for (j, a) in args.iter_mut().enumerate() {
                    *a = mem.read(slot + 8 * j as u64, 8).unwrap_or(0);
                }
                let (r0, r1) = match service {
                    SERVICE_FUNCTION_CALL => call_host_function(&args),
                    SERVICE_PRINTF => msgs.printf(&args),
                    SERVICE_DEVMEM => (self.devmem(args[0], args[1]), 0),
                    s => {
                        if !msgs.unsupported.contains(&s) {
                            msgs.unsupported.push(s);
                            eprintln!(
                                "gcnkit-hip: the kernel asked the host for service {s}, which is not supported yet"
                            );
                        }
                        (0, 0)
                    }
                };
                let _ = mem.write(slot, 8, r0);
                let _ = mem.write(slot + 8, 8, r1);
            }
            // Done: the wave's wait ends.
            let _ = mem.atomic32(header + 20, |c| c & !1);
            p = next;
        }
    }
}

impl Hostcall {
    /// Service 3 (the device library's `malloc` asking for memory): `addr` 0 asks for `size`
    /// bytes (2 MiB slabs aligned to 2 MiB, as the allocator finds a slab from any address in
    /// it; other pieces to 4 KiB, which tells them from slab blocks); else it gives `addr`
    /// back. Returns the address, 0 when the heap is used up.
    fn devmem(&self, addr: u64, size: u64) -> u64 {
        if addr != 0 {
            return 0;
        }
        let mut next = self.heap_next.lock().unwrap_or_else(|e| e.into_inner());
        let align = if size == 1 << 21 { 1 << 21 } else { 4096 };
        let at = next.next_multiple_of(align);
        match at.checked_add(size.max(1)) {
            Some(end) if end <= self.heap.1 => {
                *next = end;
                at
            }
            _ => 0,
        }
    }
}

impl Messages {
    /// One lane's printf message packet: returns the descriptor the device goes on with.
    fn printf(&mut self, args: &[u64; 8]) -> (u64, u64) {
        let desc = args[0];
        let (begin, end) = (desc & 1 != 0, desc & 2 != 0);
        let len = ((desc >> 5) & 7) as usize;
        let id = if begin {
            self.next_id += 1;
            self.open.insert(self.next_id, Vec::new());
            self.next_id
        } else {
            desc >> 8
        };
        if let Some(m) = self.open.get_mut(&id) {
            m.extend_from_slice(&args[1..1 + len.min(7)]);
        }
        if end {
            if let Some(m) = self.open.remove(&id) {
                return (print(&m) as u64, 0);
            }
        }
        (id << 8, 0)
    }
}

/// The bytes of a NUL-terminated string packed in `words` from word `at`; the word after it.
fn string_at(words: &[u64], at: usize) -> (Vec<u8>, usize) {
    let mut out = Vec::new();
    let mut k = at;
    while k < words.len() {
        let b = words[k].to_le_bytes();
        k += 1;
        if let Some(z) = b.iter().position(|&c| c == 0) {
            out.extend_from_slice(&b[..z]);
            return (out, k);
        }
        out.extend_from_slice(&b);
    }
    (out, k)
}

extern "C" {
    fn snprintf(s: *mut c_char, n: usize, format: *const c_char, ...) -> c_int;
    fn fwrite(p: *const c_void, size: usize, n: usize, stream: *mut c_void) -> usize;
    static mut stdout: *mut c_void;
    static mut stderr: *mut c_void;
}

/// One conversion through the C library's `snprintf` (the specification normalised to a 64-bit
/// or double argument).
fn convert(spec: &str, conv: char, value: u64, text: Option<&[u8]>) -> Vec<u8> {
    let mut buf = vec![0u8; 512];
    // Width and precision given as `*` were replaced by numbers before this.
    let flags_width: String = spec.chars().take_while(|c| !c.is_ascii_alphabetic()).collect();
    let length: String = spec[flags_width.len()..].chars().take_while(|c| *c != conv).collect();
    let n = match conv {
        'd' | 'i' | 'u' | 'o' | 'x' | 'X' => {
            let v = match (length.as_str(), conv) {
                ("hh", 'd' | 'i') => value as i8 as i64 as u64,
                ("h", 'd' | 'i') => value as i16 as i64 as u64,
                ("", 'd' | 'i') => value as i32 as i64 as u64,
                ("hh", _) => value as u8 as u64,
                ("h", _) => value as u16 as u64,
                ("", _) => value as u32 as u64,
                _ => value,
            };
            let f = CString::new(format!("%{flags_width}ll{conv}")).unwrap_or_default();
            // SAFETY: a buffer of buf.len() bytes; one 64-bit integer for the one conversion.
            unsafe { snprintf(buf.as_mut_ptr() as *mut c_char, buf.len(), f.as_ptr(), v) }
        }
        'c' => {
            let f = CString::new(format!("%{flags_width}c")).unwrap_or_default();
            // SAFETY: as above, one int.
            unsafe { snprintf(buf.as_mut_ptr() as *mut c_char, buf.len(), f.as_ptr(), value as c_int) }
        }
        'p' => {
            let f = CString::new(format!("%{flags_width}p")).unwrap_or_default();
            // SAFETY: as above, one pointer (printed, never dereferenced).
            unsafe {
                snprintf(
                    buf.as_mut_ptr() as *mut c_char,
                    buf.len(),
                    f.as_ptr(),
                    value as *const c_void,
                )
            }
        }
        's' => {
            let f = CString::new(format!("%{flags_width}s")).unwrap_or_default();
            let s = CString::new(text.unwrap_or(b"").to_vec()).unwrap_or_default();
            let need = s.as_bytes().len() + 512;
            if buf.len() < need {
                buf.resize(need, 0);
            }
            // SAFETY: as above, one C string.
            unsafe { snprintf(buf.as_mut_ptr() as *mut c_char, buf.len(), f.as_ptr(), s.as_ptr()) }
        }
        _ => {
            // Floating point: the device sends doubles (floats promoted).
            let f = CString::new(format!("%{flags_width}{conv}")).unwrap_or_default();
            // SAFETY: as above, one double.
            unsafe {
                snprintf(
                    buf.as_mut_ptr() as *mut c_char,
                    buf.len(),
                    f.as_ptr(),
                    f64::from_bits(value),
                )
            }
        }
    };
    buf.truncate((n.max(0) as usize).min(buf.len().saturating_sub(1)));
    buf
}

/// Formats a printf message (control, format, arguments) as C's printf would.
pub fn format(m: &[u64]) -> (bool, Vec<u8>) {
    let to_stderr = m.first().is_some_and(|c| c & 1 != 0);
    let (fmt, mut at) = string_at(m, 1);
    let next = |at: &mut usize| {
        let v = m.get(*at).copied().unwrap_or(0);
        *at += 1;
        v
    };
    let mut out = Vec::new();
    let mut k = 0;
    while k < fmt.len() {
        if fmt[k] != b'%' {
            out.push(fmt[k]);
            k += 1;
            continue;
        }
        if fmt.get(k + 1) == Some(&b'%') {
            out.push(b'%');
            k += 2;
            continue;
        }
        // %[flags][width][.precision][length]conversion
        let mut j = k + 1;
        let mut spec = String::new();
        while j < fmt.len() && b"-+ #0".contains(&fmt[j]) {
            spec.push(fmt[j] as char);
            j += 1;
        }
        let number = |j: &mut usize, spec: &mut String, at: &mut usize| {
            if fmt.get(*j) == Some(&b'*') {
                spec.push_str(&(next(at) as i32).to_string());
                *j += 1;
            } else {
                while *j < fmt.len() && fmt[*j].is_ascii_digit() {
                    spec.push(fmt[*j] as char);
                    *j += 1;
                }
            }
        };
        number(&mut j, &mut spec, &mut at);
        if fmt.get(j) == Some(&b'.') {
            spec.push('.');
            j += 1;
            number(&mut j, &mut spec, &mut at);
        }
        while j < fmt.len() && b"hlLqjzt".contains(&fmt[j]) {
            // `L` (long double) and the others: the value is 64 bits or a double.
            if fmt[j] != b'L' {
                spec.push(fmt[j] as char);
            }
            j += 1;
        }
        let Some(&c) = fmt.get(j) else {
            out.extend_from_slice(&fmt[k..]);
            break;
        };
        let conv = c as char;
        spec.push(conv);
        match conv {
            's' => {
                let (text, after) = string_at(m, at);
                at = after;
                out.extend(convert(&spec, 's', 0, Some(&text)));
            }
            'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'c' | 'p' | 'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => {
                let v = next(&mut at);
                out.extend(convert(&spec, conv, v, None));
            }
            // `%n` writes nothing here; an unknown conversion prints as written.
            'n' => {
                next(&mut at);
            }
            _ => out.extend_from_slice(&fmt[k..=j]),
        }
        k = j + 1;
    }
    (to_stderr, out)
}

/// Prints a finished printf message on the C library's stdout (or stderr); returns what C's
/// printf would: the bytes written, or -1 for an unknown control word (ROCm's answer).
fn print(m: &[u64]) -> i64 {
    if m.first().is_some_and(|c| c & !1 != 0) {
        return -1;
    }
    let (to_stderr, text) = format(m);
    // SAFETY: glibc's streams, as the program's own printf uses them; `text` is live.
    let written = unsafe {
        let stream = if to_stderr { stderr } else { stdout };
        fwrite(text.as_ptr().cast(), 1, text.len(), stream)
    };
    written as i64
}

/// Service 1: calls the host function the kernel names with its 7 arguments as input; the 2
/// words it writes are the answer.
fn call_host_function(args: &[u64; 8]) -> (u64, u64) {
    if args[0] == 0 {
        return (0, 0);
    }
    let mut output = [0u64; 2];
    // SAFETY: the kernel passes a host function of this type (HIP's `__ockl_call_host_function`
    // contract, which ROCm's host calls the same way); a wrong pointer is the program's bug.
    unsafe {
        let f: extern "C" fn(*mut u64, *const u64) = std::mem::transmute(args[0] as usize);
        f(output.as_mut_ptr(), args[1..].as_ptr());
    }
    (output[0], output[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(b: &[u8]) -> Vec<u64> {
        b.chunks(8)
            .map(|c| {
                let mut w = [0u8; 8];
                w[..c.len()].copy_from_slice(c);
                u64::from_le_bytes(w)
            })
            .collect()
    }

    #[test]
    fn formats_as_c_printf() {
        let mut m = vec![0u64];
        m.extend(words(b"%d|%5.2f|%s|%-4x|%c|%%|%lld|%*d\0"));
        m.push((-7i32) as u32 as u64);
        m.push(1.23456f64.to_bits());
        m.extend(words(b"hi there\0"));
        m.push(255);
        m.push(b'Z' as u64);
        m.push(-5i64 as u64);
        m.push(4);
        m.push(9);
        let (err, out) = format(&m);
        assert!(!err);
        assert_eq!(String::from_utf8(out).unwrap(), "-7| 1.23|hi there|ff  |Z|%|-5|   9");
    }
}
