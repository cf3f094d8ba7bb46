//! Hooks for iriscan's own tests, benches and fuzz targets, behind the `internals` feature: the
//! slow reference paths that the fast ones are checked against, and the sizes of the generated
//! tables. Not for users: no stability promise, and any of it may change or go in any release.
//!
//! They live here rather than in the public modules so that the API a user sees is the one a
//! user needs; the tests that call them are skipped without the feature.

use crate::map::{MapError, ToUriOptions};
use crate::normalize::Level;
use crate::{Error, Grammar, IriRef};
use std::borrow::Cow;

pub use crate::map::host_points::check_split as check_host_split;
pub use crate::scan::{check_fast_paths, check_line_scan};
pub use crate::tables::idna::{idna_class, idna_mapping, IdnaClass};

/// Validates with the byte-at-a-time table walk only: the portable path, and the reference the
/// wide scanner is compared with.
pub fn validate_scalar(input: &[u8], grammar: Grammar) -> Result<(), Error> {
    crate::scan::validate_scalar(input, grammar)
}

/// [`IriRef::to_uri_with`] the slow way, for the tests and the `to_uri` fuzz target to compare it
/// with: component by component (3987bis 3.6, "using the original punctuation"), each non-ASCII
/// octet encoded one at a time, each non-ASCII DNS host through the `idna` crate.
pub fn to_uri_checked(iri: &IriRef<'_>, options: &ToUriOptions) -> Result<String, MapError> {
    crate::map::to_uri_checked(iri, options)
}

/// The normalization ladder without its quick test of a normal line first: what that test must
/// agree with (the `normalize` fuzz target and the tests compare them).
pub fn normalize_checked<'a>(
    iri: &IriRef<'a>,
    level: Level,
) -> Result<Cow<'a, str>, crate::normalize::NormalizeError> {
    crate::normalize::normalize_checked(iri, level)
}

/// The URI form of a non-ASCII `ireg-name` by IDNA ToASCII (3987bis 3.4), appended to `out`, as
/// `to_uri` maps hosts: for the benches, which time the host mapping alone against the `idna`
/// crate. `fast_only` takes only the fast path, and returns false where it would hand the host
/// to the crate.
pub fn push_host_to_ascii(
    out: &mut Vec<u8>,
    host: &str,
    fast_only: bool,
) -> Result<bool, MapError> {
    crate::map::push_host_to_ascii(out, host, fast_only)
}

/// The number of ranges in the generated Bidi_Class table (pinned by a test).
pub fn bidi_range_count() -> usize {
    crate::tables::BIDI_RANGES.len()
}

/// The number of states and byte classes of the UTF-8 DFA (pinned by a test).
pub fn utf8_dfa_size() -> (usize, usize) {
    (crate::tables::UTF8_STATES, crate::tables::UTF8_STRIDE)
}

/// The number of code points the fast path of IDNA takes, and the sizes of the two tables of
/// [`idna_class`] and of the mapped ones (pinned by a test).
pub fn idna_table_size() -> (usize, usize, usize, usize) {
    crate::tables::idna::table_size()
}

/// The bits of a code point in the lint table of build/lint.rs (bidi kind in bits 0 to 2, the
/// flags `LETTER` 8, `ASCII_SKELETON` 16, `RARE` 32, `NOT_QUICK` 64, `COMBINING` 128, the script
/// byte above, Latin to Bopomofo 1 to 6), and whether it is listed as invisible, as a look-alike
/// of a delimiter, and as composing (NFC_Quick_Check and NFKC_Quick_Check Maybe).
pub fn lint_class_bits(c: char) -> (u16, bool, bool, bool) {
    let cp = c as u32;
    (
        crate::tables::lint_class(cp).0,
        crate::tables::is_invisible(cp),
        crate::tables::is_lookalike(cp),
        crate::tables::is_composing(cp),
    )
}

/// Whether `c` is listed among the letters and digits of a script that look like a delimiter
/// that ends a host (of the lint table's `RARE`).
pub fn lint_lookalike_letter(c: char) -> bool {
    crate::tables::is_lookalike_letter(c as u32)
}

/// Whether `c` is listed among the code points of the skeleton of U+00B7 MIDDLE DOT (of the lint
/// table's `RARE`).
pub fn lint_lookalike_dot(c: char) -> bool {
    crate::tables::is_lookalike_dot(c as u32)
}

/// Whether `c` is listed among the code points that UTS #46 maps to a text with a look-alike
/// of a delimiter (of the lint table's `RARE`).
pub fn lint_lookalike_mapped(c: char) -> bool {
    crate::tables::is_lookalike_mapped(c as u32)
}

/// Whether `c` is listed among the code points of the lint table's `ASCII_SKELETON` for what
/// UTS #46 maps them to alone.
pub fn lint_mapped_ascii(c: char) -> bool {
    crate::tables::is_mapped_ascii(c as u32)
}

/// The script of a script id of the lint table (from 1), if there is one.
pub fn lint_script(id: u8) -> Option<unicode_script::Script> {
    let at = usize::from(id).checked_sub(1)?;
    crate::tables::LINT_SCRIPTS.get(at).copied()
}
