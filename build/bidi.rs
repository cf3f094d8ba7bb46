//! Bidi_Class of every code point, from `data/ucd/extracted/DerivedBidiClass.txt`, for the bidi
//! lints of 3987bis 4.2 (L, R and AL are the strong classes; the rest are weak or neutral).
//!
//! `ucd-parse` reads the explicit entries but skips the `# @missing:` lines, which give the class
//! of code points not listed: Left_To_Right by default, but Right_To_Left or Arabic_Letter in the
//! right-to-left blocks, and European_Terminator in the currency block. They are read here, in
//! file order (a later, narrower line overrides an earlier one), before the explicit entries.

use std::fmt::Write as _;
use std::path::Path;
use ucd_parse::extracted::DerivedBidiClass;

/// Short names (as in the explicit entries and `BidiClass` in src/tables.rs).
pub const CLASSES: [&str; 23] = [
    "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON", "LRE", "LRO",
    "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
];

fn short(name: &str) -> &str {
    match name {
        "Left_To_Right" => "L",
        "Right_To_Left" => "R",
        "Arabic_Letter" => "AL",
        "European_Terminator" => "ET",
        other => other,
    }
}

fn index(name: &str) -> u8 {
    let name = short(name);
    CLASSES
        .iter()
        .position(|c| *c == name)
        .unwrap_or_else(|| panic!("unknown Bidi_Class {name}")) as u8
}

/// The Bidi_Class of every code point, as an index in `CLASSES`.
pub fn classes(ucd: &Path) -> Vec<u8> {
    let mut class = vec![u8::MAX; 0x110000];
    let text = std::fs::read_to_string(ucd.join("extracted/DerivedBidiClass.txt")).unwrap();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("# @missing:") else {
            continue;
        };
        let (range, name) = rest.split_once(';').expect("@missing: RANGE; CLASS");
        let (lo, hi) = range.trim().split_once("..").expect("@missing range");
        let lo = u32::from_str_radix(lo, 16).unwrap() as usize;
        let hi = u32::from_str_radix(hi, 16).unwrap() as usize;
        class[lo..=hi].fill(index(name.trim()));
    }
    assert!(
        class.iter().all(|&c| c != u8::MAX),
        "@missing: 0000..10FFFF must come first"
    );
    let rows: Vec<DerivedBidiClass> = ucd_parse::parse(ucd).expect("DerivedBidiClass.txt");
    for row in &rows {
        for cp in row.codepoints.into_iter() {
            class[cp.value() as usize] = index(&row.bidi_class);
        }
    }
    class
}

pub fn write(out: &mut String, ucd: &Path) {
    let class = classes(ucd);
    // Ranges of equal class, as (first, last, class), sorted: a binary search finds a code point.
    let mut ranges: Vec<(usize, usize, u8)> = Vec::new();
    for (cp, &c) in class.iter().enumerate() {
        match ranges.last_mut() {
            Some((_, last, lc)) if *lc == c && *last + 1 == cp => *last = cp,
            _ => ranges.push((cp, cp, c)),
        }
    }
    writeln!(
        out,
        "/// Bidi_Class ranges `(first, last, class)` covering U+0000 to U+10FFFF, sorted."
    )
    .unwrap();
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) static BIDI_RANGES: [(u32, u32, BidiClass); {}] = [",
        ranges.len()
    )
    .unwrap();
    for (lo, hi, c) in ranges {
        writeln!(
            out,
            "    (0x{lo:04X}, 0x{hi:04X}, BidiClass::{}),",
            CLASSES[c as usize]
        )
        .unwrap();
    }
    writeln!(out, "];\n").unwrap();
}
