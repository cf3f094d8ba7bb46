//! What the lints (src/lint.rs, 3987bis 4.2, 6.1, 7.3, 8.5) need of each code point, in one
//! 16-bit value, so that a component is read with one lookup a character and the Unicode crates
//! are asked only where a lint is likely. Derived here from iriscan's Bidi_Class table and from
//! the crates the lints use (`unicode-script`, `unicode-security`, `unicode-normalization`,
//! `icu_properties`, and `idna` for host labels), so that the two cannot disagree;
//! `tests/lint_table.rs` checks every code point against them. Beside it, from
//! `icu_properties`: the Joining_Type ranges of RFC 5892's joiner contexts, and the
//! Bidi_Mirroring_Glyph of the visual order.
//!
//! Bits 0 to 2: the bidi kind (0 other, 1 L, 2 R or AL, 3 EN or AN, 4 NSM); then the flags below;
//! bits 8 to 15: the script, 0 for Common and Inherited (Script_Extensions of every script), an id
//! for a code point of one script (its Script and its Script_Extensions the same), and 255 for
//! the others (several scripts, or Unknown), which the lints leave to `unicode-security`. The few
//! invisible code points and look-alikes of delimiters share a flag, and are listed apart.

use std::fmt::Write as _;
use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized};
use unicode_script::{Script, UnicodeScript};

/// Not ASCII, and Alphabetic, or a decimal digit (General_Category Nd) whose skeleton is ASCII
/// digits.
const LETTER: u16 = 1 << 3;
/// The UTS #39 skeleton of the code point alone is ASCII (or empty), or that of what UTS #46
/// maps it to, as in a host label (those are listed apart).
const ASCII_SKELETON: u16 = 1 << 4;
/// Invisible (not ASCII, and Default_Ignorable_Code_Point or White_Space), or a look-alike of a
/// delimiter (not ASCII, not a letter or digit of a script, and its skeleton one of them).
const RARE: u16 = 1 << 5;
/// NFC_Quick_Check or NFKC_Quick_Check is not Yes.
const NOT_QUICK: u16 = 1 << 6;
/// A non-zero Canonical_Combining_Class: a component without a code point of `NOT_QUICK` and
/// without two of these in a row is in NFC and in NFKC (UAX #15 9, the quick check).
const COMBINING: u16 = 1 << 7;
/// The script byte of a code point the fast path does not decide.
const SCRIPT_COMPLEX: u16 = 255;

/// The characters a look-alike may pass for (docs/spec-choices.md L6).
const DELIMITERS: &str = ":/?#[]@.&=;% <>\"\\|";

/// The delimiters that end a host (RFC 3986 3.2.2, and "\\" which browsers read as "/"): a
/// letter that looks like one is a look-alike in a host label (docs/spec-choices.md L6).
const HOST_ENDS: &str = "/?#@:\\";

/// The scripts the "highly restrictive" level of UTS #39 5.2 names, whose ids src/lint.rs needs.
const NAMED: [(Script, &str); 6] = [
    (Script::Latin, "LATIN"),
    (Script::Han, "HAN"),
    (Script::Hiragana, "HIRAGANA"),
    (Script::Katakana, "KATAKANA"),
    (Script::Hangul, "HANGUL"),
    (Script::Bopomofo, "BOPOMOFO"),
];

pub fn write(out: &mut String, bidi: &[u8]) {
    let mut ids: Vec<Script> = NAMED.iter().map(|&(s, _)| s).collect();
    let mut values = vec![0u16; 0x110000];
    let (mut invisibles, mut lookalikes, mut composing) = (Vec::new(), Vec::new(), Vec::new());
    let mut lookalike_letters = Vec::new();
    let mut lookalike_dots = Vec::new();
    let mut mapped_ascii = Vec::new();
    let invisible =
        icu_properties::CodePointSetData::new::<icu_properties::props::DefaultIgnorableCodePoint>();
    use icu_properties::props::GeneralCategory;
    let category = icu_properties::CodePointMapData::<GeneralCategory>::new();
    // UTS #39 4: two strings are confusable when their skeletons are the same. A delimiter's
    // skeleton is not always itself: '"' has "''", "|" has "l".
    let delimiter_skeletons: Vec<String> = DELIMITERS
        .chars()
        .map(|d| unicode_security::skeleton(d.encode_utf8(&mut [0; 4])).collect())
        .collect();
    for (cp, value) in values.iter_mut().enumerate() {
        let Some(c) = char::from_u32(cp as u32) else {
            continue;
        };
        let mut v = match super::bidi::CLASSES[bidi[cp] as usize] {
            "L" => 1,
            "R" | "AL" => 2,
            "EN" | "AN" => 3,
            "NSM" => 4,
            _ => 0,
        };
        let skeleton: String = unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).collect();
        if skeleton.is_ascii() {
            v |= ASCII_SKELETON;
        } else if passes_for_ascii_mapped(c) {
            v |= ASCII_SKELETON;
            mapped_ascii.push(cp as u32);
        }
        if !c.is_ascii() {
            // A digit counts where it looks like an ASCII digit: the Arabic-Indic one and zero,
            // whose skeletons are "l" and ".", are numbers, not look-alikes of a word.
            let like_a_digit = category.get(c) == GeneralCategory::DecimalNumber
                && !skeleton.is_empty()
                && skeleton.chars().all(|d| d.is_ascii_digit());
            if c.is_alphabetic() || like_a_digit {
                v |= LETTER;
            }
            if c.is_whitespace() || invisible.contains(c) {
                v |= RARE;
                invisibles.push(cp as u32);
            }
            // A letter or digit of a script is one (Hebrew yod looks like "'"), and so is a
            // letter or digit that looks like one ("𝟏" and "ℓ" like "l").
            let of_a_script =
                c.is_alphanumeric() && !matches!(c.script(), Script::Common | Script::Inherited);
            let like_alphanumeric =
                c.is_alphanumeric() && skeleton.chars().all(char::is_alphanumeric);
            // '"', "%" and "|" have other skeletons ("''", "°/₀", "l"): what shares theirs counts
            // when it belongs to no script in particular, not the punctuation of a script that
            // looks like them (the Hebrew gershayim, the danda of Devanagari).
            let ext = c.script_extension();
            let of_no_script = ext.is_common() || ext.is_inherited();
            // Its skeleton one delimiter or more ("‥" looks like "..", "⁇" like "??").
            let delimiters =
                !skeleton.is_empty() && skeleton.chars().all(|d| DELIMITERS.contains(d));
            let like = delimiters || of_no_script && delimiter_skeletons.contains(&skeleton);
            if !of_a_script && !like_alphanumeric && like {
                v |= RARE;
                lookalikes.push(cp as u32);
            }
            // A letter or digit of a script that looks like a delimiter that ends a host
            // (Katakana "ノ" like "/", "ʔ" like "?").
            let mut ends = skeleton.chars();
            if of_a_script
                && ends.next().is_some_and(|d| HOST_ENDS.contains(d))
                && ends.next().is_none()
            {
                v |= RARE;
                lookalike_letters.push(cp as u32);
            }
            // A middle dot, or what has its skeleton ("•", "⋅", "・"): in a host label, it
            // looks like the "." between labels, which UTS #39 gives another skeleton.
            if skeleton == "\u{B7}" {
                v |= RARE;
                lookalike_dots.push(cp as u32);
            }
        }
        let one = std::iter::once(c);
        let quick = (is_nfc_quick(one.clone()), is_nfkc_quick(one));
        if quick != (IsNormalized::Yes, IsNormalized::Yes) {
            v |= NOT_QUICK;
        }
        if quick == (IsNormalized::Maybe, IsNormalized::Maybe) {
            composing.push(cp as u32);
        }
        if canonical_combining_class(c) != 0 {
            v |= COMBINING;
        }
        let ext = c.script_extension();
        let script = if ext.is_common() || ext.is_inherited() {
            0
        } else {
            match Script::try_from(ext) {
                Ok(s) if s != Script::Unknown && c.script() == s => {
                    let at = ids.iter().position(|&k| k == s).unwrap_or_else(|| {
                        ids.push(s);
                        ids.len() - 1
                    });
                    at as u16 + 1
                }
                _ => SCRIPT_COMPLEX,
            }
        };
        assert!(
            script <= SCRIPT_COMPLEX && ids.len() < 255,
            "too many scripts for a byte"
        );
        *value = v | script << 8;
    }
    // A host label is read as UTS #46 maps it: what a character maps to may hold a look-alike
    // of a delimiter ("½" is "1⁄2", with U+2044 like "/"), which the name it resolves as shows.
    let mut lookalike_mapped = Vec::new();
    for (cp, value) in values.iter_mut().enumerate().skip(0x80) {
        let Some(c) = char::from_u32(cp as u32) else {
            continue;
        };
        if lookalikes.binary_search(&(cp as u32)).is_err()
            && idna_mapped(c).is_some_and(|m| {
                m.chars()
                    .any(|d| lookalikes.binary_search(&(d as u32)).is_ok())
            })
        {
            *value |= RARE;
            lookalike_mapped.push(cp as u32);
        }
    }
    writeln!(
        out,
        "/// The delimiters a look-alike may pass for (build/lint.rs).\n\
         pub(crate) const LINT_DELIMITERS: &str = {DELIMITERS:?};"
    )
    .unwrap();
    for (k, (_, name)) in NAMED.iter().enumerate() {
        writeln!(out, "pub(crate) const LINT_SCRIPT_{name}: u8 = {};", k + 1).unwrap();
    }
    let names: Vec<String> = ids.iter().map(|s| format!("Script::{s:?}")).collect();
    writeln!(
        out,
        "/// The script of each id of the table, from 1.\n\
         #[rustfmt::skip]\n\
         pub(crate) static LINT_SCRIPTS: [unicode_script::Script; {}] = {{ use unicode_script::Script; [{}] }};",
        names.len(),
        names.join(", ")
    )
    .unwrap();
    writeln!(out).unwrap();
    // Ranges, sorted, for a binary search.
    let ranges = |points: &[u32]| {
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        for &cp in points {
            match ranges.last_mut() {
                Some((_, hi)) if *hi + 1 == cp => *hi = cp,
                _ => ranges.push((cp, cp)),
            }
        }
        ranges
    };
    for (name, what, points) in [
        ("INVISIBLE", "invisible", &invisibles),
        ("LOOKALIKE", "look-alikes of delimiters", &lookalikes),
        (
            "LOOKALIKE_LETTER",
            "letters or digits of a script that look like a delimiter that ends a host",
            &lookalike_letters,
        ),
        (
            "LOOKALIKE_DOT",
            "of the skeleton U+00B7 MIDDLE DOT, like the dot between a host's labels",
            &lookalike_dots,
        ),
        (
            "MAPPED_ASCII",
            "of `ASCII_SKELETON` for what UTS #46 maps them to alone",
            &mapped_ascii,
        ),
        (
            "LOOKALIKE_MAPPED",
            "mapped by UTS #46 alone to a text with a look-alike of a delimiter",
            &lookalike_mapped,
        ),
        (
            "COMPOSING",
            "NFC_Quick_Check and NFKC_Quick_Check Maybe (they may compose with the code \
             point before)",
            &composing,
        ),
    ] {
        let r = ranges(points);
        writeln!(
            out,
            "/// The code points of `NOT_QUICK` or `RARE` that are {what}, as ranges.\n\
             pub(crate) static LINT_{name}: [(u32, u32); {}] = {r:?};",
            r.len()
        )
        .unwrap();
    }
    // UAX #9 L4: the Bidi_Mirroring_Glyph of each code point that has one, for the visual
    // order the display form writes.
    let mirroring =
        icu_properties::CodePointMapData::<icu_properties::props::BidiMirroringGlyph>::new();
    let mirrors: Vec<(u32, u32)> = (0..0x110000u32)
        .filter_map(|cp| {
            let glyph = mirroring.get32(cp);
            Some((
                cp,
                u32::from(glyph.mirroring_glyph.filter(|_| glyph.mirrored)?),
            ))
        })
        .collect();
    writeln!(
        out,
        "/// Each code point of Bidi_Mirrored with a Bidi_Mirroring_Glyph, and that glyph.\n\
         pub(crate) static BIDI_MIRRORS: [(u32, u32); {}] = {mirrors:?};",
        mirrors.len()
    )
    .unwrap();
    // RFC 5892 A.1: the Joining_Type of the code points that join (D, L, R) or are
    // transparent (T), for the contexts of ZWNJ.
    let joining = icu_properties::CodePointMapData::<icu_properties::props::JoiningType>::new();
    let mut joining_ranges: Vec<(u32, u32, u8)> = Vec::new();
    for cp in 0..0x110000u32 {
        use icu_properties::props::JoiningType as J;
        let kind = match joining.get32(cp) {
            J::DualJoining => b'D',
            J::LeftJoining => b'L',
            J::RightJoining => b'R',
            J::Transparent => b'T',
            _ => continue,
        };
        match joining_ranges.last_mut() {
            Some((_, hi, k)) if *hi + 1 == cp && *k == kind => *hi = cp,
            _ => joining_ranges.push((cp, cp, kind)),
        }
    }
    writeln!(
        out,
        "/// The code points of Joining_Type D, L, R and T (as those bytes), as ranges.\n\
         pub(crate) static LINT_JOINING: [(u32, u32, u8); {}] = {joining_ranges:?};",
        joining_ranges.len()
    )
    .unwrap();
    // UTS #51: the characters an emoji ZWJ sequence joins (Extended_Pictographic, as UAX #29
    // GB11 reads them), and those a variation selector gives an emoji or a text presentation
    // (Emoji); UTS #37: those an ideographic variation selector picks a glyph of
    // (Unified_Ideograph). For the joiners and selectors that change what is drawn.
    let emoji_sets = [
        (
            "EXTENDED_PICTOGRAPHIC",
            "Extended_Pictographic",
            icu_properties::CodePointSetData::new::<icu_properties::props::ExtendedPictographic>(),
        ),
        (
            "EMOJI",
            "Emoji",
            icu_properties::CodePointSetData::new::<icu_properties::props::Emoji>(),
        ),
        (
            "UNIFIED_IDEOGRAPH",
            "Unified_Ideograph",
            icu_properties::CodePointSetData::new::<icu_properties::props::UnifiedIdeograph>(),
        ),
    ];
    for (name, property, set) in emoji_sets {
        let points: Vec<u32> = (0..0x110000u32).filter(|&cp| set.contains32(cp)).collect();
        let r = ranges(&points);
        writeln!(
            out,
            "/// The code points of {property}, as ranges.\n\
             pub(crate) static LINT_{name}: [(u32, u32); {}] = {r:?};",
            r.len()
        )
        .unwrap();
    }
    super::two_level::write(
        out,
        "LINT",
        "u16",
        &values,
        7,
        "The lint classes of build/lint.rs",
    );
}

/// Whether UTS #46 maps `c`, not ASCII, to something else whose UTS #39 skeleton is ASCII
/// (a letter, or a symbol it maps to letters: "㎡" to "m2"): in a host label, which is judged as it resolves (UTS #46 4 step
/// 1), it may pass for ASCII where it does not elsewhere (the small Cherokee letters are
/// mapped to the capitals, which pass for Latin ones).
pub fn passes_for_ascii_mapped(c: char) -> bool {
    !c.is_ascii()
        && idna_mapped(c).is_some_and(|mapped| {
            unicode_security::skeleton(&mapped)
                .collect::<String>()
                .is_ascii()
        })
}

/// What UTS #46 maps `c` to alone, where that is not `c` itself.
fn idna_mapped(c: char) -> Option<String> {
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let mut buf = [0; 4];
    let text = c.encode_utf8(&mut buf);
    let (mapped, _) =
        Uts46::new().to_unicode(text.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    (mapped != *text).then(|| mapped.into_owned())
}
