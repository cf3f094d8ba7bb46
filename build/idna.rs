//! What the fast path of IDNA ToASCII and ToUnicode (UTS #46, as 3987bis 3.4 and 5.3.3 use it:
//! src/map/host.rs) knows of each code point: a class byte, 0 for the code points it leaves to
//! the `idna` crate. A label made of classed code points and of `[A-Za-z0-9-]` is mapped by UTS
//! #46 to itself (ASCII lowercased, and the code points of bit 6 replaced by their one target:
//! [`single_mappings`]), is in NFC when no two code points in a row combine, and
//! passes or fails the validity rules of UTS #46 4.1 by what the class says: whether it is a mark
//! (step 5: no label starts with one), and its Bidi_Class (step 8, the bidi rule of RFC 5893).
//! `tests/idna_fast.rs` checks every classed code point against the `idna` crate.
//!
//! A code point is classed when all of these hold (data/ucd, Unicode 15.0):
//! - General_Category is a letter (L), a decimal digit (Nd) or a mark (Mn, Mc, Me): assigned,
//!   and of the kinds host names are written with;
//! - it does not change under NFKC_Casefold (`Changes_When_NFKC_Casefolded` absent): UTS #46
//!   maps exactly such changes, so its status is valid or disallowed, never mapped (the only
//!   capital letters this leaves are Cherokee's, U+13A0 to U+13F5, which case folding keeps: they
//!   are what its small letters fold to);
//! - NFC_Quick_Check is Yes or Maybe (not No): a code point of Yes never composes with what
//!   precedes it, one of Maybe may (the class byte says which, and the fast path asks the
//!   composition table of `unicode-normalization`); so a label is in NFC (4.1 step 1) unless one
//!   of Maybe composes with the code point before it or two code points in a row have a
//!   non-zero Canonical_Combining_Class (the class byte says so too) out of canonical order or
//!   the second of Maybe (the fast path asks `unicode-normalization` for the two classes, and
//!   leaves such labels alone);
//! - Bidi_Class is L, R, AL, AN, EN or NSM;
//! - it is above U+007F (ASCII is handled by the caller) and a `ucschar` (3987bis 2.2).
//!
//! ß and ς, which UTS #46 calls deviations, change under NFKC_Casefold but are kept by
//! non-transitional processing (the crate's): they are classed all the same. ZWJ and ZWNJ
//! (CONTEXTJ, 4.1 step 7), the other deviations, are Cf, so they are out. What the derivation above cannot
//! see (a code point that UTS #46 disallows) the exhaustive test finds; `EXCLUDED` lists those.
//!
//! The class byte: bits 0 to 2 the Bidi_Class (1 L, 2 R, 3 AL, 4 AN, 5 EN, 6 NSM), bit 3 a mark,
//! bit 4 a non-zero Canonical_Combining_Class, bit 5 NFC_Quick_Check Maybe, bit 6 mapped to
//! another code point (the other bits are then those of the target).

use super::codepoints::{class_of, Class};
use std::fmt::Write as _;
use std::path::Path;
use ucd_parse::extracted::{DerivedCombiningClass, DerivedGeneralCategory};

/// Code points on which the derivation and the `idna` crate disagree (found by
/// tests/idna_fast.rs): Balinese and Ahom vowel signs that Unicode 16, the crate's data, made
/// spacing marks (Mc, Bidi_Class L) where Unicode 15 had non-spacing ones (Mn, NSM).
const EXCLUDED: &[(u32, u32)] = &[
    (0x1B3A, 0x1B3A),
    (0x1B3C, 0x1B3C),
    (0x1B42, 0x1B42),
    (0x1171E, 0x1171E),
];

/// ß and ς: valid in UTS #46 non-transitional processing, though NFKC_Casefold maps them (ZWJ
/// and ZWNJ, the other deviations, are Cf: out).
const DEVIATIONS: &[u32] = &[0x00DF, 0x03C2];

/// Code points per leaf of the two-level table, log 2: 128 code points of a byte each, the
/// smallest tables (25 KB; 16 to 64 code points need as much or more) and a byte index.
const LEAF_BITS: u32 = 7;

/// The class bits (src/tables.rs `IdnaClass` reads them).
const MARK: u8 = 8;
const COMBINING: u8 = 16;
const MAYBE: u8 = 32;
const MAPPED: u8 = 64;

pub fn write(out: &mut String, ucd: &Path) {
    let mut class = vec![0u8; 0x110000];
    let rows: Vec<DerivedGeneralCategory> = ucd_parse::parse(ucd).expect("DerivedGeneralCategory");
    for row in &rows {
        let bits = match row.general_category.as_str() {
            "Lu" | "Lt" | "Ll" | "Lm" | "Lo" | "Nd" => 0x80,
            "Mn" | "Mc" | "Me" => 0x80 | MARK,
            _ => continue,
        };
        for cp in row.codepoints.into_iter() {
            class[cp.value() as usize] = bits;
        }
    }
    let text = std::fs::read_to_string(ucd.join("DerivedNormalizationProps.txt"))
        .expect("DerivedNormalizationProps.txt");
    for line in text.lines() {
        let data = line.split('#').next().unwrap_or_default();
        let fields: Vec<&str> = data.split(';').map(str::trim).collect();
        match fields.as_slice() {
            [_, "Changes_When_NFKC_Casefolded"] | [_, "NFC_QC", "N"] => {
                for cp in range(fields[0]) {
                    class[cp as usize] = 0;
                }
            }
            [_, "NFC_QC", "M"] => {
                for cp in range(fields[0]) {
                    if class[cp as usize] != 0 {
                        class[cp as usize] |= MAYBE;
                    }
                }
            }
            _ => {}
        }
    }
    // The deviations of UTS #46 (5, IdnaMappingTable.txt) that are letters: NFKC_Casefold
    // changes them ("ss", "σ"), but non-transitional processing, the crate's, keeps them.
    for &cp in DEVIATIONS {
        class[cp as usize] = 0x80;
    }
    let rows: Vec<DerivedCombiningClass> = ucd_parse::parse(ucd).expect("DerivedCombiningClass");
    for row in &rows {
        if row.combining_class.trim() != "0" {
            for cp in row.codepoints.into_iter() {
                if class[cp.value() as usize] != 0 {
                    class[cp.value() as usize] |= COMBINING;
                }
            }
        }
    }
    let bidi = super::bidi::classes(ucd);
    for (cp, c) in class.iter_mut().enumerate() {
        let code = match super::bidi::CLASSES[bidi[cp] as usize] {
            "L" => 1,
            "R" => 2,
            "AL" => 3,
            "AN" => 4,
            "EN" => 5,
            "NSM" => 6,
            _ => 0,
        };
        let cp = cp as u32;
        *c = if *c == 0
            || code == 0
            || cp < 0x80
            || class_of(cp) != Class::Ucschar
            || EXCLUDED.iter().any(|&(lo, hi)| (lo..=hi).contains(&cp))
        {
            0
        } else {
            (*c & (MARK | COMBINING | MAYBE)) | code
        };
    }
    let mapped = single_mappings(&text, &mut class);

    let count = class.iter().filter(|&&c| c != 0).count();
    // Read by `internals::idna_table_size` only.
    writeln!(
        out,
        "#[allow(dead_code)]\npub(crate) const IDNA_CLASSED_COUNT: usize = {count};"
    )
    .unwrap();
    let doc = format!("The classes of build/idna.rs ({count} code points)");
    super::two_level::write(out, "IDNA", "u8", &class, LEAF_BITS, &doc);
    let (from, to): (Vec<u32>, Vec<u32>) = mapped.into_iter().unzip();
    writeln!(
        out,
        "/// The code points of class `MAPPED`, in order, and the code point UTS #46 maps each to."
    )
    .unwrap();
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) static IDNA_MAPPED_FROM: [u32; {}] = {from:?};",
        from.len()
    )
    .unwrap();
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) static IDNA_MAPPED_TO: [u32; {}] = {to:?};\n",
        to.len()
    )
    .unwrap();
}

/// The code points that UTS #46 maps to one other code point, of the fast path's, as
/// NFKC_Casefold says (UTS #46 5 derives its mapping from it): capital letters of every cased
/// script (`É` to `é`, Cherokee small letters to the capitals that are Unicode's lowercase),
/// halfwidth and presentation forms, and the like. Each is classed as its target with the bit
/// `MAPPED`: the rules of UTS #46 4.1 apply to the label after mapping (4 step 1), so what the
/// target's class says is what the fast path needs, once the walk has swapped the code point for
/// its target. Only non-ASCII targets: a code point mapped to ASCII (`Ａ`, `．`) could make a
/// dot or an "xn--" the walk would not see. `tests/idna_fast.rs` checks each against the crate.
/// Returns the (code point, target) pairs in order.
/// `text` is DerivedNormalizationProps.txt.
fn single_mappings(text: &str, class: &mut [u8]) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for line in text.lines() {
        let data = line.split('#').next().unwrap_or_default();
        let fields: Vec<&str> = data.split(';').map(str::trim).collect();
        let [points, "NFKC_CF", target] = fields.as_slice() else {
            continue;
        };
        // One code point, not a sequence nor nothing (the ignored code points).
        let Ok(to) = u32::from_str_radix(target, 16) else {
            continue;
        };
        for from in range(points) {
            let (f, t) = (from as usize, to as usize);
            if from >= 0x80 && class[f] == 0 && class[t] != 0 && class_of(from) == Class::Ucschar {
                pairs.push((from, to));
            }
        }
    }
    for &(from, to) in &pairs {
        class[from as usize] = class[to as usize] | MAPPED;
    }
    pairs.sort_unstable();
    pairs
}

/// The code points of a UCD field, `0041` or `0041..005A`.
fn range(field: &str) -> std::ops::RangeInclusive<u32> {
    let hex = |s: &str| u32::from_str_radix(s.trim(), 16).expect("a hex code point");
    match field.split_once("..") {
        Some((lo, hi)) => hex(lo)..=hex(hi),
        None => hex(field)..=hex(field),
    }
}
