//! The host touching device memory through a device pointer (a `hipMalloc` pointer
//! dereferenced in host code) gets the segmentation fault a GPU whose memory the CPU cannot
//! see gives, with a line first that says what the address is: a SIGSEGV handler that looks
//! at the faulting address only (no lock, no allocation: it runs inside a signal), writes
//! its line when the address is a device's, and gives the fault back to the handler before it
//! (by default the program then dies by SIGSEGV, as without it).

use crate::runtime::{DEVICE_BASE, DEVICE_STRIDE};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How many devices' address ranges the handler knows.
static DEVICES: AtomicUsize = AtomicUsize::new(0);
static INSTALLED: AtomicBool = AtomicBool::new(false);
/// The action before ours, put back when a fault comes.
static mut OLD: std::mem::MaybeUninit<libc::sigaction> = std::mem::MaybeUninit::uninit();

/// Installs the handler (once) for `devices` devices' address ranges.
pub fn install(devices: usize) {
    DEVICES.store(devices, Ordering::Relaxed);
    if devices == 0 || INSTALLED.swap(true, Ordering::AcqRel) {
        return;
    }
    // SAFETY: a zeroed sigaction is a valid one to fill; OLD is written here once, before
    // the handler that reads it can run (installed by this same call).
    unsafe {
        let mut act: libc::sigaction = std::mem::zeroed();
        act.sa_sigaction = on_fault as *const () as usize;
        act.sa_flags = libc::SA_SIGINFO;
        libc::sigemptyset(&mut act.sa_mask);
        let old = std::ptr::addr_of_mut!(OLD).cast::<libc::sigaction>();
        if libc::sigaction(libc::SIGSEGV, &act, old) != 0 {
            INSTALLED.store(false, Ordering::Release);
        }
    }
}

/// The line for a fault at `addr`, if it lies in a device's addresses, into `buf`: its length.
fn message(addr: u64, devices: usize, buf: &mut [u8; 320]) -> Option<usize> {
    let k = addr.checked_sub(DEVICE_BASE)? / DEVICE_STRIDE;
    if k >= devices as u64 {
        return None;
    }
    let mut n = 0;
    let mut put = |s: &[u8]| {
        let m = s.len().min(buf.len() - n);
        buf[n..n + m].copy_from_slice(&s[..m]);
        n += m;
    };
    put(b"gcnkit-hip: the host touched device memory at 0x");
    let mut hex = [0u8; 16];
    let digits = (64 - addr.leading_zeros() as usize).div_ceil(4).max(1);
    for (j, d) in hex[..digits].iter_mut().enumerate() {
        *d = b"0123456789abcdef"[(addr >> (4 * (digits - 1 - j)) & 15) as usize];
    }
    put(&hex[..digits]);
    put(b" (device ");
    put(&[b'0' + (k / 10) as u8, b'0' + (k % 10) as u8][(k < 10) as usize..]);
    put(b"'s addresses): hipMalloc's memory (and freed memory) is not mapped into the host, as on a GPU whose memory the CPU cannot see; copy it (hipMemcpy) or allocate what both reach (hipHostMalloc, hipMallocManaged, hipExtMallocWithFlags)\n");
    Some(n)
}

extern "C" fn on_fault(_sig: libc::c_int, info: *mut libc::siginfo_t, _ctx: *mut libc::c_void) {
    // SAFETY: the kernel passes the fault's siginfo; write(2) and sigaction are
    // async-signal-safe; OLD was set when the handler was installed.
    unsafe {
        let addr = (*info).si_addr() as u64;
        let mut buf = [0u8; 320];
        if let Some(n) = message(addr, DEVICES.load(Ordering::Relaxed), &mut buf) {
            libc::write(2, buf.as_ptr().cast(), n);
        }
        // The fault again, now with the handler before ours (or the default).
        libc::sigaction(
            libc::SIGSEGV,
            std::ptr::addr_of!(OLD).cast::<libc::sigaction>(),
            std::ptr::null_mut(),
        );
        INSTALLED.store(false, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_device_addresses_only() {
        let mut buf = [0u8; 320];
        let n = message(DEVICE_BASE + 0x1234, 2, &mut buf).unwrap();
        let t = std::str::from_utf8(&buf[..n]).unwrap();
        assert!(
            t.starts_with("gcnkit-hip: the host touched device memory at 0x200000001234 (device 0's"),
            "{t}"
        );
        assert!(t.ends_with("hipExtMallocWithFlags)\n"), "{t}");
        let n = message(DEVICE_BASE + DEVICE_STRIDE + 8, 2, &mut buf).unwrap();
        assert!(std::str::from_utf8(&buf[..n]).unwrap().contains("(device 1's"));
        let n = message(DEVICE_BASE + 11 * DEVICE_STRIDE, 12, &mut buf).unwrap();
        assert!(std::str::from_utf8(&buf[..n]).unwrap().contains("(device 11's"));
        assert_eq!(message(DEVICE_BASE + 2 * DEVICE_STRIDE, 2, &mut buf), None);
        assert_eq!(message(0x1000, 2, &mut buf), None);
    }
}
