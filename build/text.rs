//! What `extract` (src/extract.rs, 3987bis 8.3) needs to read IRIs in running text: the
//! punctuation that ends a sentence or a clause in any script, which an IRI's end loses. From
//! ICU's data through `icu_properties`, of its own Unicode version (newer than data/ucd's):
//! punctuation new to it is trimmed too.

use std::fmt::Write as _;

/// Writes the non-ASCII code points of Unicode's Terminal_Punctuation, as sorted ranges.
pub fn write(out: &mut String) {
    let set = icu_properties::CodePointSetData::new::<icu_properties::props::TerminalPunctuation>();
    let ranges: Vec<(u32, u32)> = set
        .iter_ranges()
        .filter(|r| *r.end() >= 0x80)
        .map(|r| ((*r.start()).max(0x80), *r.end()))
        .collect();
    writeln!(
        out,
        "/// The non-ASCII code points of Terminal_Punctuation, as ranges.\n\
         pub(crate) static TERMINAL_PUNCTUATION: [(u32, u32); {}] = {ranges:?};\n",
        ranges.len()
    )
    .unwrap();
}
