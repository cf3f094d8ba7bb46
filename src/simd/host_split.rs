//! The code points of a short host, for the fast path of IDNA (3987bis 3.4, `map::host`):
//! what the split gives, and the split with AVX-512 VBMI and VBMI2, which decodes every code
//! point of a host of at most 64 bytes at once (`vpcompressb` picks the leads, `vpermb` the
//! bytes after them). The reference split, a code point at a time, is `map::host_points`'s.

/// The longest host split at once: one 64-byte vector.
pub(crate) const MAX_BYTES: usize = 64;

/// How the fast path of IDNA reads the ASCII bytes of a host: `lower[b]` the byte UTS #46 maps
/// `b` to (letters lowercased), `code[b]` its bidi class code, 0 for a byte the fast path does
/// not take (`map/host.rs`, `LDH`).
pub(crate) struct AsciiClasses {
    /// The mapped byte of each ASCII byte.
    pub(crate) lower: [u8; 128],
    /// The class code of each ASCII byte; 0 for those the fast path leaves to the `idna` crate.
    pub(crate) code: [u8; 128],
}

/// A host of at most [`MAX_BYTES`] bytes split into code points: bit k of each mask is about code
/// point k ("." included).
pub(crate) struct HostPoints {
    /// The number of code points.
    pub(crate) len: usize,
    /// The code points that are ".".
    pub(crate) dots: u64,
    /// The bytes that are "." (bit k for byte k).
    pub(crate) byte_dots: u64,
    /// The ASCII code points other than ".".
    pub(crate) ascii: u64,
    /// The code points other than "." of class 0: unclassed, or ASCII that the fast path leaves.
    pub(crate) unclassed: u64,
    /// The code points of each class bit of `tables::IdnaClass`: bit b of the class, bit k here.
    pub(crate) flags: [u64; 8],
    /// The code points of each bidi class code (the class's low three bits), 1 to 7.
    pub(crate) codes: [u64; 8],
    /// The class of each code point (for ASCII, its code in [`AsciiClasses`]).
    pub(crate) class: [u8; MAX_BYTES],
    /// The code points above ASCII, in order, each as `value << 6 | k` (`map::punycode::Label`).
    pub(crate) keys: [u32; MAX_BYTES + 16],
    /// The ASCII bytes other than ".", in order, mapped by [`AsciiClasses::lower`].
    pub(crate) basic: [u8; MAX_BYTES],
}

impl HostPoints {
    /// All zeros.
    pub(crate) fn empty() -> Self {
        HostPoints {
            len: 0,
            dots: 0,
            byte_dots: 0,
            ascii: 0,
            unclassed: 0,
            flags: [0; 8],
            codes: [0; 8],
            class: [0; MAX_BYTES],
            keys: [0; MAX_BYTES + 16],
            basic: [0; MAX_BYTES],
        }
    }
}

/// `then` of `host` split into code points and classed, where the CPU has AVX-512 (F, BW, VL,
/// VBMI and VBMI2) and the host is at most [`MAX_BYTES`] bytes; `None` otherwise.
#[inline(always)]
pub(crate) fn split_host<R>(
    host: &str,
    ascii: &AsciiClasses,
    then: impl FnOnce(&HostPoints) -> R,
) -> Option<R> {
    #[cfg(target_arch = "x86_64")]
    if super::level() == super::Level::Avx512Vbmi {
        return split_host_at(super::Level::Avx512Vbmi, host, ascii, then);
    }
    let _ = (host, ascii, then);
    None
}

/// [`split_host`] at `level` (or this CPU's, if lower): `None` below `Avx512Vbmi`.
#[inline(always)]
pub(crate) fn split_host_at<R>(
    level: super::Level,
    host: &str,
    ascii: &AsciiClasses,
    then: impl FnOnce(&HostPoints) -> R,
) -> Option<R> {
    #[cfg(target_arch = "x86_64")]
    {
        if host.len() <= MAX_BYTES && level.min(super::level()) == super::Level::Avx512Vbmi {
            // Not zeroed first: some 600 bytes, which the split writes all of.
            let mut points = std::mem::MaybeUninit::<HostPoints>::uninit();
            // SAFETY: the CPU has AVX-512 F, BW, VL, VBMI and VBMI2 (its level is
            // `Avx512Vbmi`), and `host` is at most 64 bytes. `split_host` writes every field of
            // `points`.
            let points = unsafe {
                super::x86::avx512_vbmi::split_host(host.as_bytes(), ascii, &mut points);
                points.assume_init_ref()
            };
            return Some(then(points));
        }
    }
    let _ = (level, host, ascii, then);
    None
}
