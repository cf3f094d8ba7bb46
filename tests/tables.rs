//! The generated tables against references written independently from the spec text.

use iriscan::tables::{bidi_class, classify_utf8, code_point_class, BidiClass, CodePointClass};
use iriscan::Grammar;

/// The class of a code point, written from 3987bis 2.2 (`ucschar`, `iprivate`), 4.1 (bidi
/// formatting) and 7.3 (the groups not allowed), as a plain match: the reference for the DFA.
fn reference(cp: u32) -> CodePointClass {
    use CodePointClass::*;
    match cp {
        0x00..=0x7F => Ascii,
        0x80..=0x9F => Control,
        0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069 => BidiFormatting,
        0xA0..=0xD7FF => Ucschar,
        0xE000..=0xF8FF => Private,
        0xF900..=0xFDCF => Ucschar,
        0xFDD0..=0xFDEF => NonCharacter,
        0xFDF0..=0xFFEF => Ucschar,
        0xFFF0..=0xFFFD => Special,
        0xFFFE | 0xFFFF => NonCharacter,
        0xE0000..=0xE0FFF => Tag,
        0xF0000..=0xFFFFD | 0x100000..=0x10FFFD => Private,
        // Planes 1 to 14: %x10000-1FFFD / ... / %xD0000-DFFFD / %xE1000-EFFFD, then U+xFFFE-xFFFF.
        _ if cp & 0xFFFF >= 0xFFFE => NonCharacter,
        0x10000..=0xDFFFF | 0xE1000..=0xEFFFF => Ucschar,
        _ => unreachable!("U+{cp:X}"),
    }
}

fn encode_any(cp: u32) -> Vec<u8> {
    // Encodes surrogates too (as CESU-style 3-byte forms), which UTF-8 forbids.
    match cp {
        0..=0x7F => vec![cp as u8],
        0x80..=0x7FF => vec![0xC0 | (cp >> 6) as u8, 0x80 | (cp & 0x3F) as u8],
        0x800..=0xFFFF => vec![
            0xE0 | (cp >> 12) as u8,
            0x80 | ((cp >> 6) & 0x3F) as u8,
            0x80 | (cp & 0x3F) as u8,
        ],
        _ => vec![
            0xF0 | (cp >> 18) as u8,
            0x80 | ((cp >> 12) & 0x3F) as u8,
            0x80 | ((cp >> 6) & 0x3F) as u8,
            0x80 | (cp & 0x3F) as u8,
        ],
    }
}

#[test]
fn every_code_point_lands_in_its_class() {
    for cp in 0..=0x10FFFFu32 {
        let bytes = encode_any(cp);
        let got = classify_utf8(&bytes);
        match char::from_u32(cp) {
            None => assert_eq!(got, None, "surrogate U+{cp:04X} must be invalid UTF-8"),
            Some(c) => {
                assert_eq!(got, Some((reference(cp), bytes.len())), "U+{cp:04X}");
                assert_eq!(code_point_class(c), reference(cp));
            }
        }
    }
}

#[test]
fn range_boundaries() {
    use CodePointClass::*;
    let cases = [
        (0x9F, Control),
        (0xA0, Ucschar),
        (0xD7FF, Ucschar),
        (0xE000, Private),
        (0xF8FF, Private),
        (0xF900, Ucschar),
        (0xFDCF, Ucschar),
        (0xFDD0, NonCharacter),
        (0xFDEF, NonCharacter),
        (0xFDF0, Ucschar),
        (0xFFEF, Ucschar),
        (0xFFF0, Special),
        (0xFFFD, Special),
        (0xFFFE, NonCharacter),
        (0x10000, Ucschar),
        (0x1FFFD, Ucschar),
        (0x1FFFE, NonCharacter),
        (0x1FFFF, NonCharacter),
        (0x20000, Ucschar),
        (0xDFFFD, Ucschar),
        (0xDFFFE, NonCharacter),
        (0xE0000, Tag),
        (0xE0FFF, Tag),
        (0xE1000, Ucschar),
        (0xEFFFD, Ucschar),
        (0xEFFFE, NonCharacter),
        (0xF0000, Private),
        (0xFFFFD, Private),
        (0xFFFFE, NonCharacter),
        (0x100000, Private),
        (0x10FFFD, Private),
        (0x10FFFF, NonCharacter),
        (0x061B, Ucschar),
        (0x061C, BidiFormatting),
        (0x061D, Ucschar),
        (0x200D, Ucschar),
        (0x200E, BidiFormatting),
        (0x200F, BidiFormatting),
        (0x2029, Ucschar),
        (0x202A, BidiFormatting),
        (0x202E, BidiFormatting),
        (0x202F, Ucschar),
        (0x2065, Ucschar),
        (0x2066, BidiFormatting),
        (0x2069, BidiFormatting),
        (0x206A, Ucschar),
    ];
    for (cp, want) in cases {
        assert_eq!(
            code_point_class(char::from_u32(cp).unwrap()),
            want,
            "U+{cp:04X}"
        );
    }
}

/// Every ill-formed sequence (RFC 3629 4) is rejected, at the offset std gives.
#[test]
fn invalid_utf8_is_rejected_where_std_rejects_it() {
    let cases: &[&[u8]] = &[
        b"\x80",             // stray continuation
        b"\xBF",             // stray continuation
        b"\xC0\xAF",         // overlong "/" (3987bis 10)
        b"\xC1\xBF",         // overlong
        b"\xE0\x80\xAF",     // overlong 3-byte
        b"\xE0\x9F\xBF",     // overlong 3-byte, highest
        b"\xF0\x80\x80\xAF", // overlong 4-byte
        b"\xF0\x8F\xBF\xBF", // overlong 4-byte, highest
        b"\xED\xA0\x80",     // surrogate U+D800
        b"\xED\xBF\xBF",     // surrogate U+DFFF
        b"\xF4\x90\x80\x80", // U+110000
        b"\xF5\x80\x80\x80", // lead above F4
        b"\xFF",
        b"\xFE",
        b"\xC3",         // truncated 2-byte
        b"\xE2\x82",     // truncated 3-byte
        b"\xF0\x9F\x98", // truncated 4-byte
        b"\xC3A",        // lead then ASCII
        b"\xE2\x82A",
        b"\xC3\xC3\xA9", // lead then lead
    ];
    for case in cases {
        assert!(std::str::from_utf8(case).is_err());
        assert_eq!(classify_utf8(case), None, "{case:02X?}");
        for prefix in ["", "http://h/", "a?", "//x/y#"] {
            let mut input = prefix.as_bytes().to_vec();
            input.extend_from_slice(case);
            for g in Grammar::ALL {
                let err = g.validate(&input).unwrap_err();
                let valid_up_to = std::str::from_utf8(&input).unwrap_err().valid_up_to();
                let needs_scheme = matches!(g, Grammar::Iri | Grammar::AbsoluteIri | Grammar::Uri);
                if (g == Grammar::IrelativeRef && prefix.starts_with("http:"))
                    || (needs_scheme && !prefix.is_empty() && !prefix.starts_with("http:"))
                    || (g == Grammar::AbsoluteIri && prefix.contains('#'))
                {
                    let err = g.validate(&input).unwrap_err();
                    assert!(
                        err.offset() < prefix.len(),
                        "{g} {input:02X?}: an earlier error comes first"
                    );
                    continue;
                }
                assert_eq!(
                    err.kind(),
                    iriscan::ErrorKind::InvalidUtf8,
                    "{g} {input:02X?}"
                );
                assert_eq!(err.offset(), valid_up_to, "{g} {input:02X?}");
            }
        }
    }
}

/// Every 1-, 2- and 3-byte sequence and a sample of 4-byte ones: the DFA accepts exactly what
/// std accepts, with the same length.
#[test]
fn dfa_agrees_with_std_on_short_byte_strings() {
    let check = |bytes: &[u8]| {
        let std_len = match std::str::from_utf8(bytes) {
            Ok(s) => s.chars().next().map(char::len_utf8),
            Err(e) if e.valid_up_to() > 0 => Some(e.valid_up_to().min(bytes.len())),
            Err(_) => None,
        };
        let std_len = std_len.filter(|&l| std::str::from_utf8(&bytes[..l]).is_ok());
        assert_eq!(
            classify_utf8(bytes).map(|(_, l)| l),
            std_len.map(|l| {
                // the DFA reads one sequence: its length is that of the first char
                std::str::from_utf8(&bytes[..l])
                    .unwrap()
                    .chars()
                    .next()
                    .unwrap()
                    .len_utf8()
            }),
            "{bytes:02X?}"
        );
    };
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
            if a >= 0xE0 {
                for c in (0..=255u8).step_by(7) {
                    check(&[a, b, c]);
                    if a >= 0xF0 {
                        check(&[a, b, c, 0x80]);
                        check(&[a, b, c, 0xBF]);
                        check(&[a, b, c, 0x41]);
                    }
                }
            }
        }
    }
}

/// Pins the size of the generated tables: a change here is a change of the data or the build.
/// The sizes are hooks of the `internals` feature.
#[test]
#[cfg(feature = "internals")]
fn table_sizes_are_pinned() {
    // ALM (0xD8 0x9C) took one state and two byte classes: (33, 31) before.
    assert_eq!(iriscan::internals::utf8_dfa_size(), (34, 33));
    assert_eq!(iriscan::internals::bidi_range_count(), 1199);
}

#[test]
fn unicode_version_is_pinned() {
    assert_eq!(iriscan::tables::unicode_version(), "15.0.0");
}

#[test]
fn bidi_classes_with_missing_defaults() {
    use BidiClass::*;
    let cases = [
        ('a', L),
        ('1', EN),
        ('+', ES),
        ('#', ET),
        ('/', CS),
        (' ', WS),
        ('!', ON),
        ('\u{05D0}', R),  // HEBREW LETTER ALEF
        ('\u{0627}', AL), // ARABIC LETTER ALEF
        ('\u{0660}', AN), // ARABIC-INDIC DIGIT ZERO
        ('\u{0300}', NSM),
        ('\u{200B}', BN),
        ('\u{200E}', L), // LRM is a strong L
        ('\u{200F}', R),
        ('\u{202A}', LRE),
        ('\u{202B}', RLE),
        ('\u{202C}', PDF),
        ('\u{202D}', LRO),
        ('\u{202E}', RLO),
        ('\u{2066}', LRI),
        ('\u{2067}', RLI),
        ('\u{2068}', FSI),
        ('\u{2069}', PDI),
        ('\u{2029}', B),
        ('\t', S),
        // @missing defaults of unassigned code points (not in the explicit entries):
        ('\u{05FF}', R), // unassigned, Hebrew block: @missing 0590..05FF Right_To_Left
        ('\u{07BF}', AL), // unassigned, @missing 0600..07BF Arabic_Letter
        ('\u{20CF}', ET), // unassigned, currency block: @missing 20A0..20CF European_Terminator
        ('\u{10FFF}', R), // unassigned, @missing 10F70..10FFF Right_To_Left
        ('\u{1EEFF}', AL), // @missing 1EE00..1EEFF Arabic_Letter
        ('\u{0378}', L), // unassigned, Greek block: the file-wide default
        ('\u{10FFFF}', BN), // non-character: explicit BN in DerivedBidiClass 15.0
    ];
    for (c, want) in cases {
        assert_eq!(bidi_class(c), want, "U+{:04X}", c as u32);
    }
}

#[test]
fn scheme_table() {
    let http = iriscan::scheme_info("http").unwrap();
    assert_eq!(
        (http.default_port, http.dns_host, http.empty_path_is_slash),
        (Some(80), true, true)
    );
    assert_eq!(
        iriscan::scheme_info("HtTpS").unwrap().default_port,
        Some(443)
    );
    assert_eq!(
        iriscan::scheme_info("sips").unwrap().default_port,
        Some(5061)
    );
    assert_eq!(iriscan::scheme_info("file").unwrap().default_port, None);
    assert!(iriscan::scheme_info("ftp").is_some_and(|s| !s.empty_path_is_slash));
    assert!(iriscan::scheme_info("").is_none());
    assert!(iriscan::scheme_info("a-very-long-scheme-name-that-is-not-there").is_none());
    for s in [
        "http", "https", "ws", "wss", "ftp", "gopher", "telnet", "ldap", "ldaps", "nntp", "imap",
        "pop", "rtsp", "sip", "sips",
    ] {
        let info = iriscan::scheme_info(s).unwrap_or_else(|| panic!("{s} missing"));
        assert_eq!(info.name, s);
        assert!(!info.defined_by.is_empty());
    }
}

/// The scheme table looked up by every case of each name of `data/schemes.csv`, and never by a
/// name one byte off (the key the table is looked up by packs the bytes and the length).
#[test]
fn scheme_table_finds_its_names_alone() {
    let csv = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/schemes.csv"));
    let names: Vec<&str> = csv
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(',').next().unwrap().trim())
        .collect();
    assert!(names.len() >= 20);
    let known = |s: &str| names.iter().any(|n| n.eq_ignore_ascii_case(s));
    for name in &names {
        let n = name.len();
        for mask in 0..1u32 << n {
            let cased: String = name
                .chars()
                .enumerate()
                .map(|(i, c)| {
                    if mask >> i & 1 == 1 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect();
            assert_eq!(iriscan::scheme_info(&cased).map(|i| i.name), Some(*name));
        }
        let mut near = vec![
            format!("{name}\0"),
            format!("\0{name}"),
            format!("{name}s"),
            format!("x{name}"),
            format!("{name}é"),
            name[..n - 1].to_string(),
            name[1..].to_string(),
            format!("{name}{}", "a".repeat(16 - n)),
        ];
        for i in 0..n {
            let mut b = name.as_bytes().to_vec();
            b[i] ^= 0x01;
            near.push(String::from_utf8(b).unwrap());
        }
        for s in near.iter().filter(|s| !known(s)) {
            assert!(iriscan::scheme_info(s).is_none(), "{s:?}");
        }
    }
}
