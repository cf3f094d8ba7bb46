//! The byte-class table: for each byte, one bit per place of the grammar where that byte may stand
//! literally. Bytes >= 0x80 have no bit, and "%" none in the grammar's classes: the scanner hands
//! them to the UTF-8 DFA and to the `pct-encoded` check. Sets from RFC 3986 (2.2, 2.3, 3.1 to
//! 3.5) as 3987bis 2.2 extends them.

use std::fmt::Write as _;

const ALPHA: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT: &str = "0123456789";
/// RFC 3986 2.3 `unreserved` (ASCII part of 3987bis `iunreserved`).
const UNRESERVED_MARKS: &str = "-._~";
/// RFC 3986 2.2 `sub-delims`.
const SUB_DELIMS: &str = "!$&'()*+,;=";

/// The characters of `set` but those of `less`.
fn without(set: &str, less: &str) -> String {
    set.chars().filter(|c| !less.contains(*c)).collect()
}

/// (name, doc, characters). The order gives the bit number.
fn classes() -> Vec<(&'static str, &'static str, String)> {
    let unreserved = format!("{ALPHA}{DIGIT}{UNRESERVED_MARKS}");
    let pchar = format!("{unreserved}{SUB_DELIMS}:@");
    vec![
        (
            "ALPHA",
            "RFC 5234 `ALPHA`: the first character of `scheme` (RFC 3986 3.1).",
            ALPHA.to_string(),
        ),
        (
            "SCHEME",
            "`scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )` (RFC 3986 3.1).",
            format!("{ALPHA}{DIGIT}+-."),
        ),
        (
            "USERINFO",
            "`iuserinfo`: `iunreserved / sub-delims / \":\"` (3987bis 2.2).",
            format!("{unreserved}{SUB_DELIMS}:"),
        ),
        (
            "REG_NAME",
            "`ireg-name`: `iunreserved / sub-delims` (3987bis 2.2).",
            format!("{unreserved}{SUB_DELIMS}"),
        ),
        (
            "DIGIT",
            "`port = *DIGIT` (RFC 3986 3.2.3).",
            DIGIT.to_string(),
        ),
        (
            "HEXDIG",
            "`HEXDIG`, either case (RFC 3986 2.1, RFC 5234).",
            format!("{DIGIT}ABCDEFabcdef"),
        ),
        (
            "UNRESERVED",
            "`unreserved = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"~\"` (RFC 3986 2.3): the \
             octets whose percent-encodings normalization decodes (3987bis 5.3.2.3).",
            unreserved.clone(),
        ),
        (
            "IPVFUTURE",
            "The tail of `IPvFuture`: `unreserved / sub-delims / \":\"` (RFC 3986 3.2.2).",
            format!("{unreserved}{SUB_DELIMS}:"),
        ),
        (
            "SEGMENT_NC",
            "`isegment-nz-nc`: `iunreserved / sub-delims / \"@\"`, no \":\" (3987bis 2.2).",
            format!("{unreserved}{SUB_DELIMS}@"),
        ),
        (
            "PATH",
            "`ipath`: `ipchar / \"/\"` (3987bis 2.2).",
            format!("{pchar}/"),
        ),
        (
            "QUERY",
            "`iquery`: `ipchar / \"/\" / \"?\"` (3987bis 2.2; `iprivate` is not ASCII).",
            format!("{pchar}/?"),
        ),
        (
            "FRAGMENT_URI",
            "RFC 3986 3.5 `fragment = *( pchar / \"/\" / \"?\" )`.",
            format!("{pchar}/?"),
        ),
        (
            "FRAGMENT_IRI",
            "3987bis 2.2 `ifragment = *( ipchar / \"/\" / \"?\" / \"#\" )`: \"#\" is allowed.",
            format!("{pchar}/?#"),
        ),
        (
            "TEXT",
            "What an IRI in running text may hold of ASCII (`extract`): `iquery`'s characters and \
             \"#\", \"[\", \"]\" and \"%\", which the grammar places (3987bis 2.2, 8.3); but the \
             closing brackets, which the walk decides, and \"'\", \",\" and \";\", whose first the \
             walk notes.",
            without(&format!("{pchar}/?#[]%"), ")]',;"),
        ),
        (
            "TEXT_LIBERAL",
            "`TEXT` and the characters the liberal modes map (3987bis 7: \"{\", \"}\", \"|\", \
             \"\\\", \"^\", \"`\"); but the closing brackets, which the walk decides, \"{\", \
             which a template's \"$\" before it ends an IRI at, and \"'\", \",\" and \";\", whose \
             first the walk notes.",
            without(&format!("{pchar}/?#[]%{{}}|\\^`"), ")]}{',;"),
        ),
    ]
}

/// The relations between sets that the line check (src/scan/line.rs) relies on: it checks
/// every component against `iquery` and finds the delimiters that end it, so each component's
/// literal set must be the `iquery` set less those delimiters (and `ifragment` the `iquery` set
/// with "#"). Narrowing one set without the others fails the build here, instead of the line
/// check accepting what the scanner rejects.
fn check_relations(classes: &[(&'static str, &'static str, String)]) {
    let set = |name: &str| -> Vec<u8> {
        let chars = &classes.iter().find(|c| c.0 == name).expect("a class").2;
        let mut v: Vec<u8> = chars.bytes().collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let query = set("QUERY");
    let less = |delimiters: &[u8]| -> Vec<u8> {
        query
            .iter()
            .copied()
            .filter(|c| !delimiters.contains(c))
            .collect()
    };
    assert_eq!(set("PATH"), less(b"?"), "ipath = iquery less \"?\"");
    assert_eq!(
        set("USERINFO"),
        less(b"/?@"),
        "iuserinfo = iquery less \"/?@\""
    );
    assert_eq!(
        set("REG_NAME"),
        less(b"/?@:"),
        "ireg-name = iquery less \"/?@:\""
    );
    assert_eq!(set("FRAGMENT_URI"), query, "fragment = query");
    let mut fragment = query.clone();
    fragment.push(b'#');
    fragment.sort_unstable();
    assert_eq!(
        set("FRAGMENT_IRI"),
        fragment,
        "ifragment = iquery and \"#\""
    );
}

pub fn write(out: &mut String) {
    let classes = classes();
    assert!(classes.len() <= 16);
    check_relations(&classes);
    let mut table = [0u16; 256];
    writeln!(
        out,
        "/// Bits of [`ASCII`]: where a byte may stand literally."
    )
    .unwrap();
    writeln!(out, "#[allow(dead_code)]\npub(crate) mod class {{").unwrap();
    for (bit, (name, doc, chars)) in classes.iter().enumerate() {
        writeln!(
            out,
            "    /// {doc}\n    pub(crate) const {name}: u16 = 1 << {bit};"
        )
        .unwrap();
        for b in chars.bytes() {
            assert!(
                b.is_ascii_graphic(),
                "only visible ASCII stands literally in an IRI"
            );
            table[b as usize] |= 1 << bit;
        }
    }
    writeln!(out, "}}\n").unwrap();
    writeln!(
        out,
        "/// Byte to [`class`] bits (0 for bytes >= 0x80, controls, space and the excluded ASCII)."
    )
    .unwrap();
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) static ASCII: [u16; 256] = ["
    )
    .unwrap();
    for row in table.chunks(16) {
        let row: Vec<String> = row.iter().map(|v| format!("{v:#06x}")).collect();
        writeln!(out, "    {},", row.join(", ")).unwrap();
    }
    writeln!(out, "];\n").unwrap();

    // For the wide check (src/simd/x86/): per class bit, a table by low nibble giving the set
    // of high nibbles (0 to 7) whose byte has the bit, and a table by high nibble giving its bit.
    // A byte is in the class when `LO[low] & HI[high] != 0`; bytes >= 0x80 never are.
    writeln!(
        out,
        "/// Per class bit: bit h of entry l is set when byte `h << 4 | l` has the class bit."
    )
    .unwrap();
    writeln!(
        out,
        "#[allow(dead_code)]\n#[rustfmt::skip]\npub(crate) static NIBBLE_LO: [[u8; 16]; {}] = [",
        classes.len()
    )
    .unwrap();
    for bit in 0..classes.len() {
        let mut lo = [0u8; 16];
        for (byte, bits) in table.iter().enumerate().take(128) {
            if bits & (1 << bit) != 0 {
                lo[byte & 15] |= 1 << (byte >> 4);
            }
        }
        let row: Vec<String> = lo.iter().map(|v| format!("{v:#04x}")).collect();
        writeln!(out, "    [{}],", row.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(
        out,
        "/// Entry h is `1 << h` for the ASCII high nibbles 0 to 7, and 0 for 8 to 15."
    )
    .unwrap();
    writeln!(out, "#[allow(dead_code)]\npub(crate) static NIBBLE_HI: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];\n").unwrap();
}
