//! What `extract` (src/extract.rs, 3987bis 8.3) needs to read IRIs in running text: the
//! punctuation that ends a sentence or a clause in any script, which an IRI's end loses.

use std::fmt::Write as _;

/// Writes the non-ASCII code points of Unicode's Terminal_Punctuation, as sorted ranges (ICU's
/// data, through `icu_properties`).
pub fn write(out: &mut String) {
    let set = icu_properties::CodePointSetData::new::<icu_properties::props::TerminalPunctuation>();
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for cp in 0x80..=0x10FFFFu32 {
        if !char::from_u32(cp).is_some_and(|c| set.contains(c)) {
            continue;
        }
        match ranges.last_mut() {
            Some((_, hi)) if *hi + 1 == cp => *hi = cp,
            _ => ranges.push((cp, cp)),
        }
    }
    writeln!(
        out,
        "/// The non-ASCII code points of Terminal_Punctuation, as ranges.\n\
         pub(crate) static TERMINAL_PUNCTUATION: [(u32, u32); {}] = {ranges:?};\n",
        ranges.len()
    )
    .unwrap();
}
