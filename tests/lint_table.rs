//! The lint table of build/lint.rs, every code point against what its sources say at run time:
//! iriscan's Bidi_Class, `unicode-security` (skeletons), `unicode-script` (scripts),
//! `unicode-normalization` (quick checks, combining classes) and `icu_properties`
//! (Default_Ignorable_Code_Point).

use iriscan::internals::{
    lint_class_bits, lint_lookalike_dot, lint_lookalike_letter, lint_lookalike_mapped,
    lint_mapped_ascii, lint_script,
};
use iriscan::tables::{bidi_class, BidiClass};
use std::collections::HashMap;
use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized};
use unicode_script::{Script, UnicodeScript};

const DELIMITERS: &str = ":/?#[]@.&=;% <>\"\\|";

#[test]
fn every_code_point_has_the_class_its_sources_give() {
    let ignorable =
        icu_properties::CodePointSetData::new::<icu_properties::props::DefaultIgnorableCodePoint>();
    use icu_properties::props::GeneralCategory;
    let category = icu_properties::CodePointMapData::<GeneralCategory>::new();
    let named = [
        Script::Latin,
        Script::Han,
        Script::Hiragana,
        Script::Katakana,
        Script::Hangul,
        Script::Bopomofo,
    ];
    // The id of each script of one-script code points, both ways.
    let mut ids: HashMap<u16, Script> = HashMap::new();
    let mut wrong = Vec::new();
    let mut mapped_lookalikes = 0;
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let (bits, invisible, lookalike_listed, composing) = lint_class_bits(c);
        let bidi = match bidi_class(c) {
            BidiClass::L => 1,
            BidiClass::R | BidiClass::AL => 2,
            BidiClass::EN | BidiClass::AN => 3,
            BidiClass::NSM => 4,
            _ => 0,
        };
        let skeleton: String = unicode_security::skeleton(&c.to_string()).collect();
        let wide = !c.is_ascii();
        let of_a_script =
            c.is_alphanumeric() && !matches!(c.script(), Script::Common | Script::Inherited);
        let lookalike = is_lookalike(c);
        // What UTS #46 maps it to holds a look-alike.
        let lookalike_mapped = wide
            && !lookalike
            && idna_mapped(c).is_some_and(|m| m.chars().any(|d| !d.is_ascii() && is_lookalike(d)));
        mapped_lookalikes += usize::from(lookalike_mapped);
        if lint_lookalike_mapped(c) != lookalike_mapped {
            wrong.push(format!(
                "U+{:04X} mapped to a look-alike: {lookalike_mapped}",
                c as u32
            ));
        }
        // A letter or digit of a script whose skeleton is one delimiter that ends a host.
        let lookalike_letter = wide
            && of_a_script
            && skeleton.chars().count() == 1
            && skeleton.chars().all(|d| "/?#@:\\".contains(d));
        if lint_lookalike_letter(c) != lookalike_letter {
            wrong.push(format!(
                "U+{:04X} a letter like a host's end: {lookalike_letter}",
                c as u32
            ));
        }
        // A middle dot, or what passes for one.
        let lookalike_dot = wide && skeleton == "\u{B7}";
        if lint_lookalike_dot(c) != lookalike_dot {
            wrong.push(format!(
                "U+{:04X} like a middle dot: {lookalike_dot}",
                c as u32
            ));
        }
        let one = std::iter::once(c);
        let quick = (is_nfc_quick(one.clone()), is_nfkc_quick(one));
        let not_quick = quick != (IsNormalized::Yes, IsNormalized::Yes);
        let is_invisible = wide && (c.is_whitespace() || ignorable.contains(c));
        let mapped_ascii = !skeleton.is_ascii() && passes_for_ascii_mapped(c);
        if lint_mapped_ascii(c) != mapped_ascii {
            wrong.push(format!(
                "U+{:04X} mapped to pass for ASCII: {mapped_ascii}",
                c as u32
            ));
        }
        let flags = [
            (
                8,
                wide && (c.is_alphabetic()
                    || category.get(c) == GeneralCategory::DecimalNumber
                        && !skeleton.is_empty()
                        && skeleton.chars().all(|d| d.is_ascii_digit())),
            ),
            (16, skeleton.is_ascii() || mapped_ascii),
            (
                32,
                is_invisible || lookalike || lookalike_letter || lookalike_mapped || lookalike_dot,
            ),
            (64, not_quick),
            (128, canonical_combining_class(c) != 0),
        ];
        // The message of a mark that starts a component tells it from a look-alike by its
        // Bidi_Class NSM: no such mark is a look-alike.
        if bidi == 4 && lookalike {
            wrong.push(format!("U+{:04X} is a mark and a look-alike", c as u32));
        }
        let mut expected = bidi;
        for (bit, set) in flags {
            if set {
                expected |= bit;
            }
        }
        let ext = c.script_extension();
        let script = bits >> 8;
        let script_ok = if ext.is_common() || ext.is_inherited() {
            script == 0
        } else {
            match Script::try_from(ext) {
                Ok(s) if s != Script::Unknown && c.script() == s => {
                    let named_ok = match named.iter().position(|&n| n == s) {
                        Some(k) => script == k as u16 + 1,
                        None => script > named.len() as u16 && script < 255,
                    };
                    named_ok && *ids.entry(script).or_insert(s) == s
                }
                _ => script == 255,
            }
        };
        if bits & 0xFF != expected
            || !script_ok
            || invisible != is_invisible
            || lookalike_listed != lookalike
            || composing != (quick == (IsNormalized::Maybe, IsNormalized::Maybe))
        {
            wrong.push(format!(
                "U+{:04X}: table {bits:#06X}, sources {expected:#04X} script {ext:?}",
                c as u32
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong: {:#?}",
        wrong.len(),
        &wrong[..wrong.len().min(20)]
    );
    // The fractions, seven squared units and U+10781, as docs/spec-choices.md L6 counts them.
    assert_eq!(mapped_lookalikes, 28);
    // Each id names its script, and distinct scripts get distinct ids.
    for (&id, &script) in &ids {
        assert_eq!(lint_script(id as u8), Some(script), "id {id}");
    }
    let mut scripts: Vec<Script> = ids.values().copied().collect();
    scripts.sort_by_key(|s| s.full_name());
    scripts.dedup();
    assert_eq!(scripts.len(), ids.len());
}

/// Whether `c` is not ASCII and UTS #39 confuses it with delimiters: its skeleton is one or
/// more of them, or, for a character of no script in particular, a delimiter's own skeleton
/// ('"' has "''"); a letter or digit of a script, or one that looks like one, is not.
fn is_lookalike(c: char) -> bool {
    let skeleton: String = unicode_security::skeleton(&c.to_string()).collect();
    let of_a_script =
        c.is_alphanumeric() && !matches!(c.script(), Script::Common | Script::Inherited);
    let like_alphanumeric = c.is_alphanumeric() && skeleton.chars().all(char::is_alphanumeric);
    let of_no_script = c.script_extension().is_common() || c.script_extension().is_inherited();
    !c.is_ascii()
        && !of_a_script
        && !like_alphanumeric
        && (!skeleton.is_empty() && skeleton.chars().all(|d| DELIMITERS.contains(d))
            || DELIMITERS.chars().any(|d| {
                of_no_script
                    && skeleton == unicode_security::skeleton(&d.to_string()).collect::<String>()
            }))
}

/// What UTS #46 maps `c` to alone, where that is not `c`.
fn idna_mapped(c: char) -> Option<String> {
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let text = c.to_string();
    let (mapped, _) =
        Uts46::new().to_unicode(text.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    (mapped != text).then(|| mapped.into_owned())
}

/// Whether UTS #46 maps `c`, not ASCII, to something else that passes for ASCII by its UTS #39
/// skeleton: what a host label, judged as IDNA maps it, may do.
fn passes_for_ascii_mapped(c: char) -> bool {
    !c.is_ascii()
        && idna_mapped(c).is_some_and(|m| unicode_security::skeleton(&m).all(|s| s.is_ascii()))
}
