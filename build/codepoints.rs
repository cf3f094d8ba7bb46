//! The class of every code point, for the scanner: the one place where the code point ranges of
//! draft-ietf-iri-3987bis are written. The UTF-8 DFA (utf8_dfa.rs) is compiled from `class_of`.

/// The classes, in the order of `CodePointClass` in src/tables.rs (the DFA's accepting states).
pub const CLASS_NAMES: [&str; 8] = [
    "Ascii",
    "Ucschar",
    "Private",
    "Tag",
    "BidiFormatting",
    "Control",
    "Special",
    "NonCharacter",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Ascii = 0,
    Ucschar = 1,
    Private = 2,
    Tag = 3,
    BidiFormatting = 4,
    Control = 5,
    Special = 6,
    NonCharacter = 7,
}

/// The class of a Unicode scalar value. Surrogates (U+D800 to U+DFFF) are not scalar values and
/// cannot be encoded in UTF-8: the DFA rejects their 3-byte forms as invalid UTF-8.
pub fn class_of(cp: u32) -> Class {
    // 4.1, and what Unicode 6.3 added after the draft (docs/spec-choices.md): LRM, RLM, LRE,
    // RLE, PDF, LRO, RLO; the isolates LRI, RLI, FSI, PDI; ALM (U+061C), the third implicit
    // mark beside LRM and RLM (UAX #9 2.6). They are in the `ucschar` range U+00A0-D7FF, but
    // MUST NOT occur.
    if matches!(cp, 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069) {
        return Class::BidiFormatting;
    }
    match cp {
        0x00..=0x7F => Class::Ascii,
        // 7.3 "The controls": C1 controls U+0080-009F (C0 and DEL are ASCII, in the byte table).
        0x80..=0x9F => Class::Control,
        // 7.3 "Non-characters": U+FDD0-FDEF and the last two code points of every plane.
        0xFDD0..=0xFDEF => Class::NonCharacter,
        _ if cp & 0xFFFE == 0xFFFE => Class::NonCharacter,
        // 7.3 "Specials": U+FFF0-FFFD.
        0xFFF0..=0xFFFD => Class::Special,
        // 2.2 `iprivate = %xE000-F8FF / %xE0000-E0FFF / %xF0000-FFFFD / %x100000-10FFFD`.
        // 7.3 names the tags U+E0000-E0FFF apart from private use; both are allowed in the query only.
        0xE0000..=0xE0FFF => Class::Tag,
        0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD => Class::Private,
        // 2.2 `ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xD0000-DFFFD
        //   / %xE1000-EFFFD`: with the non-characters taken out above, each plane's range is what is left.
        0xA0..=0xD7FF
        | 0xF900..=0xFDCF
        | 0xFDF0..=0xFFEF
        | 0x10000..=0xDFFFD
        | 0xE1000..=0xEFFFD => Class::Ucschar,
        _ => panic!(
            "code point U+{cp:04X} has no class: the ranges above must cover every scalar value"
        ),
    }
}
