//! What `extract` (src/extract.rs, 3987bis 8.3) needs to read IRIs in running text: the
//! punctuation that ends a sentence or a clause in any script, and the brackets, which an IRI's
//! end loses. From ICU's data through `icu_properties`, of its own Unicode version (newer than
//! data/ucd's): punctuation new to it is trimmed too.

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
    write_brackets(out);
}

/// Writes the pairs of Unicode's paired brackets (UAX #9 BD14, BD15: Bidi_Paired_Bracket_Type
/// Open and its Bidi_Paired_Bracket, which is its Bidi_Mirroring_Glyph), but those that are
/// quotation marks (「」『』), which end an IRI rather than pair in one; sorted by the closing
/// bracket, for a binary search.
fn write_brackets(out: &mut String) {
    use icu_properties::props::{BidiMirroringGlyph, BidiPairedBracketType, QuotationMark};
    let glyphs = icu_properties::CodePointMapData::<BidiMirroringGlyph>::new();
    let marks = icu_properties::CodePointSetData::new::<QuotationMark>();
    let mut pairs: Vec<(char, char)> = (0..=0x10FFFF)
        .filter_map(char::from_u32)
        .filter_map(|open| {
            let glyph = glyphs.get(open);
            (glyph.paired_bracket_type == BidiPairedBracketType::Open && !marks.contains(open))
                .then(|| {
                    (
                        open,
                        glyph.mirroring_glyph.expect("a paired bracket has a pair"),
                    )
                })
        })
        .collect();
    pairs.sort_by_key(|&(_, close)| close);
    writeln!(
        out,
        "/// The pairs of brackets of Bidi_Paired_Bracket_Type that are no quotation marks, (open,\n\
         /// close), sorted by the closing one.\n\
         pub(crate) static BRACKET_PAIRS: [(char, char); {}] = {pairs:?};\n",
        pairs.len()
    )
    .unwrap();
}
