//! A table of one value per code point, written as two levels: the id of the leaf of each run of
//! `1 << leaf_bits` code points (up to the last one that is not the default), and the distinct
//! leaves, so that a lookup is two loads and a code point past the index gets the default.

use std::fmt::Debug;
use std::fmt::Write as _;

/// Writes `{NAME}_LEAF_BITS`, `{NAME}_INDEX` and `{NAME}_LEAVES` for `values` (one per code
/// point, `T::default()` where nothing is known), of Rust type `ty`; `doc` describes the values.
pub fn write<T: Copy + Default + PartialEq + Debug>(
    out: &mut String,
    name: &str,
    ty: &str,
    values: &[T],
    leaf_bits: u32,
    doc: &str,
) {
    let last = values
        .iter()
        .rposition(|&c| c != T::default())
        .expect("a non-empty table") as u32;
    let chunks = (last >> leaf_bits) + 1;
    let mut leaves: Vec<Vec<T>> = vec![vec![T::default(); 1 << leaf_bits]];
    let mut index: Vec<usize> = Vec::new();
    for chunk in 0..chunks {
        let lo = (chunk << leaf_bits) as usize;
        let leaf = values[lo..lo + (1 << leaf_bits)].to_vec();
        let at = leaves.iter().position(|l| *l == leaf).unwrap_or_else(|| {
            leaves.push(leaf);
            leaves.len() - 1
        });
        index.push(at);
    }
    let index_type = if leaves.len() <= 256 { "u8" } else { "u16" };
    writeln!(
        out,
        "/// {doc}: leaf id of each {} code points.",
        1 << leaf_bits
    )
    .unwrap();
    writeln!(out, "pub(crate) const {name}_LEAF_BITS: u32 = {leaf_bits};").unwrap();
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) static {name}_INDEX: [{index_type}; {}] = {index:?};",
        index.len()
    )
    .unwrap();
    writeln!(
        out,
        "/// The distinct leaves: the value of code point k of the chunk."
    )
    .unwrap();
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) static {name}_LEAVES: [[{ty}; {}]; {}] = [",
        1 << leaf_bits,
        leaves.len()
    )
    .unwrap();
    for leaf in &leaves {
        writeln!(out, "    {leaf:?},").unwrap();
    }
    writeln!(out, "];\n").unwrap();
}
