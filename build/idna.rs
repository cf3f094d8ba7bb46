//! The code points that IDNA ToASCII (UTS #46, as 3987bis 3.4 uses it: src/map/host.rs) leaves as
//! they are and that no validity rule of UTS #46 4.1 can reject in the middle or at the start of
//! a label, so that a label made of them and of `[a-z0-9-]` maps to "xn--" and its Punycode
//! (RFC 3492) with nothing else to check. `src/map/host.rs` takes its fast path on such labels
//! and gives every other host to the `idna` crate; `tests/idna_fast.rs` checks every code point
//! of this set against that crate.
//!
//! A code point is in the set when all of these hold (data/ucd, Unicode 15.0):
//! - General_Category is a letter that is not upper or title case (Ll, Lm, Lo) or a decimal
//!   digit (Nd): assigned, and not a mark, which may not start a label (UTS #46 4.1 step 5);
//! - it does not change under NFKC_Casefold (`Changes_When_NFKC_Casefolded` absent): UTS #46
//!   maps exactly such changes, so its status is valid or disallowed, never mapped;
//! - NFC_Quick_Check is Yes: it never composes with what precedes it, so a label of such code
//!   points is in NFC (4.1 step 1) as it is;
//! - Bidi_Class is L: a domain name of such labels is not a bidi domain name, and the bidi rule
//!   (4.1 step 8, RFC 5893) does not apply;
//! - it is above U+007F (ASCII is handled by the caller) and a `ucschar` (3987bis 2.2).
//!
//! ZWJ and ZWNJ (CONTEXTJ, 4.1 step 7) are Cf, so they are out. What the derivation above cannot
//! see (a letter that UTS #46 disallows) the exhaustive test finds; `EXCLUDED` lists those.

use super::codepoints::{class_of, Class};
use std::fmt::Write as _;
use std::path::Path;
use ucd_parse::extracted::DerivedGeneralCategory;

/// Letters and digits that the derivation admits but the `idna` crate's UTS #46 data does not
/// map to themselves (found by tests/idna_fast.rs).
const EXCLUDED: &[(u32, u32)] = &[];

/// Code points per leaf of the two-level table.
const LEAF_BITS: u32 = 6;

pub fn write(out: &mut String, ucd: &Path) {
    let mut plain = vec![false; 0x110000];
    let rows: Vec<DerivedGeneralCategory> = ucd_parse::parse(ucd).expect("DerivedGeneralCategory");
    for row in &rows {
        if matches!(row.general_category.as_str(), "Ll" | "Lm" | "Lo" | "Nd") {
            for cp in row.codepoints.into_iter() {
                plain[cp.value() as usize] = true;
            }
        }
    }
    let text = std::fs::read_to_string(ucd.join("DerivedNormalizationProps.txt"))
        .expect("DerivedNormalizationProps.txt");
    for line in text.lines() {
        let data = line.split('#').next().unwrap_or_default();
        let fields: Vec<&str> = data.split(';').map(str::trim).collect();
        let drop = matches!(
            fields.as_slice(),
            [_, "Changes_When_NFKC_Casefolded"] | [_, "NFC_QC", "N" | "M"]
        );
        if drop {
            for cp in range(fields[0]) {
                plain[cp as usize] = false;
            }
        }
    }
    let bidi = super::bidi::classes(ucd);
    for (cp, p) in plain.iter_mut().enumerate() {
        let cp = cp as u32;
        if *p
            && (cp < 0x80
                || class_of(cp) != Class::Ucschar
                || bidi[cp as usize] != super::bidi::LEFT_TO_RIGHT
                || EXCLUDED.iter().any(|&(lo, hi)| (lo..=hi).contains(&cp)))
        {
            *p = false;
        }
    }

    // Two levels: the leaf of each 64 code points (below the last one in the set), and the
    // distinct leaves, so that a lookup is two loads.
    let last = plain.iter().rposition(|&p| p).expect("a non-empty set") as u32;
    let chunks = (last >> LEAF_BITS) + 1;
    let mut leaves: Vec<u64> = vec![0];
    let mut index: Vec<usize> = Vec::new();
    for chunk in 0..chunks {
        let mut leaf = 0u64;
        for k in 0..(1 << LEAF_BITS) {
            if plain[((chunk << LEAF_BITS) + k) as usize] {
                leaf |= 1 << k;
            }
        }
        let at = leaves.iter().position(|&l| l == leaf).unwrap_or_else(|| {
            leaves.push(leaf);
            leaves.len() - 1
        });
        index.push(at);
    }
    assert!(leaves.len() <= 256, "leaf ids must fit in a u8");
    let count = plain.iter().filter(|&&p| p).count();
    writeln!(
        out,
        "/// The code points of build/idna.rs ({count} of them): leaf id of each {} code points.",
        1 << LEAF_BITS
    )
    .unwrap();
    writeln!(out, "pub(crate) const IDNA_PLAIN_COUNT: usize = {count};").unwrap();
    writeln!(
        out,
        "pub(crate) const IDNA_PLAIN_LEAF_BITS: u32 = {LEAF_BITS};"
    )
    .unwrap();
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) static IDNA_PLAIN_INDEX: [u8; {}] = {index:?};",
        index.len()
    )
    .unwrap();
    writeln!(
        out,
        "/// The distinct leaves, bit k for code point k of the chunk."
    )
    .unwrap();
    write!(
        out,
        "#[rustfmt::skip]\npub(crate) static IDNA_PLAIN_LEAVES: [u64; {}] = [",
        leaves.len()
    )
    .unwrap();
    for leaf in &leaves {
        write!(out, "0x{leaf:X}, ").unwrap();
    }
    writeln!(out, "];\n").unwrap();
}

/// The code points of a UCD field, `0041` or `0041..005A`.
fn range(field: &str) -> std::ops::RangeInclusive<u32> {
    let hex = |s: &str| u32::from_str_radix(s.trim(), 16).expect("a hex code point");
    match field.split_once("..") {
        Some((lo, hi)) => hex(lo)..=hex(hi),
        None => hex(field)..=hex(field),
    }
}
