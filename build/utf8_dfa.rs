//! Compiles `codepoints::class_of` into a byte-level DFA over UTF-8.
//!
//! Building and walking are kept apart: this file builds, `src/tables.rs` walks. The DFA reads one
//! UTF-8 sequence and ends in an accepting state per code point class, or in the dead state on any
//! ill-formed sequence (RFC 3629 4: overlong forms, surrogates, above U+10FFFF, truncated, stray
//! continuation bytes). It is built as a trie over all 1,112,064 scalar values with identical
//! subtrees shared (hash-consing), which for a finite language is the minimal DFA. Bytes that no
//! state tells apart share an equivalence class, and state ids are premultiplied by the number of
//! classes, so that a transition is one index: `TRANS[state + CLASS[byte]]`.

use crate::codepoints::{class_of, Class, CLASS_NAMES};
use std::collections::HashMap;
use std::fmt::Write as _;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Target {
    Dead,
    Accept(Class),
    Node(usize),
}

struct Builder {
    nodes: Vec<[Target; 256]>,
    interned: HashMap<[Target; 256], usize>,
}

impl Builder {
    /// The state reached after `prefix`, a non-empty prefix of a UTF-8 sequence.
    fn target(&mut self, prefix: &mut Vec<u8>) -> Target {
        let want = match prefix[0] {
            0x00..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => return Target::Dead,
        };
        if prefix.len() == want {
            // std's decoder is the arbiter of well-formedness (RFC 3629 4).
            return match std::str::from_utf8(prefix) {
                Ok(s) => Target::Accept(class_of(s.chars().next().unwrap() as u32)),
                Err(_) => Target::Dead,
            };
        }
        let mut row = [Target::Dead; 256];
        for b in 0x80..=0xBFu8 {
            prefix.push(b);
            row[b as usize] = self.target(prefix);
            prefix.pop();
        }
        if row.iter().all(|t| *t == Target::Dead) {
            return Target::Dead;
        }
        Target::Node(self.intern(row))
    }

    fn intern(&mut self, row: [Target; 256]) -> usize {
        if let Some(&id) = self.interned.get(&row) {
            return id;
        }
        self.nodes.push(row);
        self.interned.insert(row, self.nodes.len() - 1);
        self.nodes.len() - 1
    }
}

pub fn write(out: &mut String) {
    let mut b = Builder {
        nodes: Vec::new(),
        interned: HashMap::new(),
    };
    let mut start = [Target::Dead; 256];
    for lead in 0..=255u8 {
        start[lead as usize] = b.target(&mut vec![lead]);
    }
    let start = b.intern(start);

    // Byte equivalence classes: bytes whose column is the same in every state.
    let mut class_of_byte = [0u8; 256];
    let mut columns: Vec<Vec<Target>> = Vec::new();
    for byte in 0..256 {
        let column: Vec<Target> = b.nodes.iter().map(|row| row[byte]).collect();
        let id = columns
            .iter()
            .position(|c| *c == column)
            .unwrap_or_else(|| {
                columns.push(column);
                columns.len() - 1
            });
        class_of_byte[byte] = id as u8;
    }
    let stride = columns.len();

    // State numbering: 0 dead, 1.. the trie nodes (start first), then one accepting state per class.
    let mut order: Vec<usize> = vec![start];
    order.extend((0..b.nodes.len()).filter(|&n| n != start));
    let node_state: HashMap<usize, usize> =
        order.iter().enumerate().map(|(i, &n)| (n, i + 1)).collect();
    let accept_base = order.len() + 1;
    let states = accept_base + CLASS_NAMES.len();
    let id = |t: Target| -> usize {
        match t {
            Target::Dead => 0,
            Target::Node(n) => node_state[&n] * stride,
            Target::Accept(c) => (accept_base + c as usize) * stride,
        }
    };
    // Padded to a power of two, so that a walk can mask its index instead of checking bounds.
    let mut trans = vec![0usize; (states * stride).next_power_of_two()];
    for (i, &n) in order.iter().enumerate() {
        for byte in 0..256 {
            trans[(i + 1) * stride + class_of_byte[byte] as usize] = id(b.nodes[n][byte]);
        }
    }
    assert!(trans.iter().all(|&t| t <= u16::MAX as usize));

    writeln!(
        out,
        "/// Number of byte equivalence classes of the UTF-8 DFA (the premultiplier of state ids)."
    )
    .unwrap();
    writeln!(out, "pub(crate) const UTF8_STRIDE: usize = {stride};").unwrap();
    writeln!(
        out,
        "/// Number of states of the UTF-8 DFA, the dead and accepting states included."
    )
    .unwrap();
    writeln!(
        out,
        "#[allow(dead_code)]\npub(crate) const UTF8_STATES: usize = {states};"
    )
    .unwrap();
    writeln!(out, "/// The start state (premultiplied).").unwrap();
    writeln!(out, "pub(crate) const UTF8_START: u16 = {};", stride).unwrap();
    writeln!(out, "/// The first accepting state (premultiplied); accepting states follow in `CodePointClass` order.").unwrap();
    writeln!(
        out,
        "pub(crate) const UTF8_ACCEPT: u16 = {};",
        accept_base * stride
    )
    .unwrap();
    writeln!(out, "/// Byte to equivalence class.").unwrap();
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) static UTF8_CLASS: [u8; 256] = ["
    )
    .unwrap();
    for row in class_of_byte.chunks(16) {
        let row: Vec<String> = row.iter().map(|v| format!("{v:2}")).collect();
        writeln!(out, "    {},", row.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(
        out,
        "/// Transitions, indexed by premultiplied state plus byte class; 0 is the dead state."
    )
    .unwrap();
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) static UTF8_TRANS: [u16; {}] = [",
        trans.len()
    )
    .unwrap();
    for row in trans.chunks(stride) {
        let row: Vec<String> = row.iter().map(|v| format!("{v:4}")).collect();
        writeln!(out, "    {},", row.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
    write_lead_nibbles(out);
    writeln!(
        out,
        "/// The class of each accepting state, in order from [`UTF8_ACCEPT`]."
    )
    .unwrap();
    let names: Vec<String> = CLASS_NAMES
        .iter()
        .map(|n| format!("CodePointClass::{n}"))
        .collect();
    writeln!(
        out,
        "pub(crate) static UTF8_ACCEPT_CLASS: [CodePointClass; {}] = [{}];\n",
        names.len(),
        names.join(", ")
    )
    .unwrap();
}

/// Leads whose sequences are all `ucschar` when the second byte is in the range, and not all
/// otherwise: U+00A0 to U+00BF (after the C1 controls), U+0800 to U+0FFF (0xE0 0x80 to 0x9F would
/// be overlong), U+D000 to U+D7FF (0xED 0xA0 to 0xBF would be surrogates). src/simd/x86/
/// checks these second bytes; the test `second_byte_leads` there pins the list.
const SECOND_BYTE_LEADS: [(u8, std::ops::RangeInclusive<u8>); 3] = [
    (0xC2, 0xA0..=0xBF),
    (0xE0, 0xA0..=0xBF),
    (0xED, 0x80..=0x9F),
];

/// Two-byte sequences that are not `ucschar` though every other sequence of their lead is: ALM,
/// U+061C (0xD8 0x9C), a bidi formatting character (4.1, as README extends it). Their lead is in
/// the table, so that Arabic (lead 0xD8) stays on the wide path; src/simd/x86/ and
/// src/scan/line.rs send the lead to the DFA when this second byte follows it, and the test
/// `second_byte_leads` there pins the list.
const EXCEPT_PAIRS: [(u8, u8); 1] = [(0xD8, 0x9C)];

/// Whether every sequence of `lead`, a second byte in `second` and `n - 2` continuation bytes is
/// well-formed UTF-8 and encodes a `ucschar`.
fn all_ucschar(lead: u8, n: u32, second: std::ops::RangeInclusive<u8>) -> bool {
    second.into_iter().all(|s| {
        (0..64u32.pow(n - 2)).all(|k| {
            let mut seq = vec![lead, s];
            seq.extend((0..n - 2).map(|d| 0x80 + (k >> (6 * d) & 63) as u8));
            std::str::from_utf8(&seq)
                .is_ok_and(|s| class_of(s.chars().next().unwrap() as u32) == Class::Ucschar)
        })
    })
}

/// The leads that decide alone: those `lead` of a sequence of `n` bytes for which *every* sequence
/// of `lead` and `n - 1` continuation bytes (0x80 to 0xBF) is well-formed and `ucschar`
/// (3987bis 2.2). For them, the wide check of src/simd/x86/ needs only the positions of the
/// continuation bytes, not the DFA. Derived from `class_of`, with std's decoder as the arbiter of
/// well-formedness, like the DFA itself.
///
/// Three more leads decide with their second byte, which the wide check compares:
/// [`SECOND_BYTE_LEADS`]; and one but for one second byte: [`EXCEPT_PAIRS`]. They are in the
/// table too.
fn write_lead_nibbles(out: &mut String) {
    let mut lead_len = [0u8; 256];
    for lead in 0xC0..=0xF7u8 {
        let n = match lead {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        if all_ucschar(lead, n, 0x80..=0xBF) {
            lead_len[lead as usize] = n as u8;
        }
    }
    for (lead, second) in SECOND_BYTE_LEADS {
        let n = if lead < 0xE0 { 2 } else { 3 };
        assert!(lead_len[lead as usize] == 0 && all_ucschar(lead, n, second));
        lead_len[lead as usize] = n as u8;
    }
    for (lead, except) in EXCEPT_PAIRS {
        assert!(lead_len[lead as usize] == 0 && (0xC2..0xE0).contains(&lead));
        assert!(!all_ucschar(lead, 2, except..=except));
        assert!(all_ucschar(lead, 2, 0x80..=except - 1) && all_ucschar(lead, 2, except + 1..=0xBF));
        lead_len[lead as usize] = 2;
    }
    // As nibble tables for the wide check (src/simd/x86/), in the layout of
    // `NIBBLE_LO`/`NIBBLE_HI` but for the high nibbles 8 to 15: a lead is in the set when
    // `LO[low] & HI[high] != 0`, and the bit that says so is `1 << (high - 8)`.
    assert!(
        lead_len.iter().all(|&n| n <= 3),
        "the wide check takes leads of 2 and 3 bytes only"
    );
    let mut lo = [0u8; 16];
    for (lead, &n) in lead_len.iter().enumerate() {
        if n != 0 {
            lo[lead & 15] |= 1 << ((lead >> 4) - 8);
        }
    }
    let row: Vec<String> = lo.iter().map(|v| format!("{v:#04x}")).collect();
    writeln!(
        out,
        "/// Leads whose every well-formed sequence is `ucschar` (and those of \
         [`UTF8_SECOND_BYTE_LEADS`]): bit `h - 8` of entry `l` for lead `h << 4 | l`."
    )
    .unwrap();
    let second: Vec<String> = SECOND_BYTE_LEADS
        .iter()
        .map(|(lead, r)| format!("({lead:#04x}, {:#04x}, {:#04x})", r.start(), r.end()))
        .collect();
    writeln!(
        out,
        "/// Leads whose sequences are `ucschar` when the second byte is in the range (lead, first, \
         last).\n#[allow(dead_code)]\npub(crate) static UTF8_SECOND_BYTE_LEADS: [(u8, u8, u8); {}] = [{}];",
        second.len(),
        second.join(", ")
    )
    .unwrap();
    let except: Vec<String> = EXCEPT_PAIRS
        .iter()
        .map(|(lead, second)| format!("({lead:#04x}, {second:#04x})"))
        .collect();
    writeln!(
        out,
        "/// Two-byte sequences of a lead in the table that are not `ucschar`: (lead, second).\n\
         #[allow(dead_code)]\npub(crate) static UTF8_EXCEPT_PAIRS: [(u8, u8); {}] = [{}];",
        except.len(),
        except.join(", ")
    )
    .unwrap();
    writeln!(
        out,
        "#[allow(dead_code)]\npub(crate) static UTF8_LEAD_NIBBLE_LO: [u8; 16] = [{}];",
        row.join(", ")
    )
    .unwrap();
    writeln!(
        out,
        "/// Entry h is `1 << (h - 8)` for the high nibbles 8 to 15, and 0 for 0 to 7."
    )
    .unwrap();
    writeln!(out, "#[allow(dead_code)]\npub(crate) static UTF8_LEAD_NIBBLE_HI: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128];\n").unwrap();
}
