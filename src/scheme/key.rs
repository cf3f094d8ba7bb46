//! The key the scheme table is looked up by, and the last bytes of scheme names: shared by the
//! crate and the build script that writes the table (`build/schemes.rs` includes this file), so
//! that both compute them alike.

/// The most bytes of a scheme name a key holds: its length takes the top byte.
pub(crate) const SCHEME_KEY_LEN: usize = 15;

/// The key of a scheme name: its bytes, ASCII lowercased, little-endian, and its length in the
/// top byte (which keeps "http" and "http\0" apart); none for a name longer than a key holds.
#[inline]
pub(crate) fn scheme_key(name: &[u8]) -> Option<u128> {
    if name.len() > SCHEME_KEY_LEN {
        return None;
    }
    let key = name
        .iter()
        .enumerate()
        .fold((name.len() as u128) << 120, |k, (i, &c)| {
            k | u128::from(c.to_ascii_lowercase()) << (8 * i)
        });
    Some(key)
}

/// The bytes that `names` end with, either case: bit `c` for byte `c`. A name that ends with a
/// byte that is not ASCII is no scheme (RFC 3986 3.1) and gives none.
pub(crate) fn last_bytes<'a>(names: impl IntoIterator<Item = &'a [u8]>) -> u128 {
    names
        .into_iter()
        .filter_map(|name| name.last().filter(|c| c.is_ascii()))
        .fold(0, |bits, c| {
            bits | 1 << c.to_ascii_lowercase() | 1 << c.to_ascii_uppercase()
        })
}
