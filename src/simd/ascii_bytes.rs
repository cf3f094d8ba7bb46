//! The bytes of a URI being built, known to be ASCII, so that they become a `String` without a
//! pass over them.

use super::{is_ascii, push_percent_encoded};

/// The bytes of a URI being built, all ASCII whatever is done to them: the percent-encoders
/// write only ASCII, whatever their input, and any other bytes appended are checked, so the
/// result becomes a `String` without a pass over it, which would read back what the encoder's
/// masked stores had just written, and stall (docs/performance.md).
pub(crate) struct AsciiBytes(Vec<u8>);

impl AsciiBytes {
    /// Empty, with room for `capacity` bytes.
    #[inline]
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        AsciiBytes(Vec::with_capacity(capacity))
    }

    /// Appends `s` with each octet >= 0x80 written as its `%HH` triplet
    /// ([`push_percent_encoded`]), which writes an octet below 0x80 as itself and the others as
    /// "%" and two hex digits: ASCII only.
    #[inline]
    pub(crate) fn push_encoded(&mut self, s: &[u8]) {
        push_percent_encoded(&mut self.0, s);
    }

    /// Appends what `write` appends to the bytes, when it returns `Ok` and all of it is ASCII;
    /// nothing when it returns `Err`, or panics (the bytes are cut back to where they were).
    /// Panics when it appends a byte that is not ASCII.
    #[inline]
    pub(crate) fn push_checked<E>(
        &mut self,
        write: impl FnOnce(&mut Vec<u8>) -> Result<(), E>,
    ) -> Result<(), E> {
        /// Cuts the bytes back to `start` when dropped, unless `start` was moved past them.
        struct Guard<'a> {
            bytes: &'a mut Vec<u8>,
            start: usize,
        }
        impl Drop for Guard<'_> {
            fn drop(&mut self) {
                self.bytes.truncate(self.start);
            }
        }
        let start = self.0.len();
        let mut guard = Guard {
            bytes: &mut self.0,
            start,
        };
        write(&mut *guard.bytes)?;
        assert!(is_ascii(&guard.bytes[start..]), "a URI is ASCII");
        // Kept: cutting back to past the end leaves the bytes as they are.
        guard.start = usize::MAX;
        Ok(())
    }

    /// Appends `s`, which must be ASCII (a short piece such as a scheme and "//", where the
    /// encoder's trip costs more than a copy). Panics when it is not.
    #[inline]
    pub(crate) fn push_ascii(&mut self, s: &[u8]) {
        // The standard test, inlined, not `is_ascii` above: a few bytes are not worth its call.
        assert!(s.is_ascii(), "a URI is ASCII");
        self.0.extend_from_slice(s);
    }

    /// The bytes as a `String`.
    #[inline]
    pub(crate) fn into_string(self) -> String {
        // SAFETY: every byte is ASCII: `push_encoded` writes only ASCII, `push_ascii` appends only
        // ASCII (it panics before it appends anything else), and `push_checked`
        // keeps only ASCII (it cuts back what it does not keep, on an error and on a panic);
        // nothing else appends to the bytes. ASCII is valid UTF-8.
        unsafe { String::from_utf8_unchecked(self.0) }
    }
}
