//! The components of a short IRI (3987bis 4.2), found from bit masks of its bytes rather than a
//! byte at a time: a step for each component and for each of its non-ASCII characters, none for
//! the ASCII characters around them, and no branch on what a byte is. Without a right-to-left
//! character, only the components that have a non-ASCII character are read; with one, every
//! component is (the bidi lints look at the neighbours of a right-to-left one). The same
//! components and summaries as the byte walk of [`super::for_each_part`] (tested), which reads
//! the IRIs this does not: those longer than 128 bytes, hosts with the dots of RFC 3490 3.1, and
//! builds without vector code.

use super::{decode_utf8, percent_kinds, Part, PartKind, Summary, ASCII_LETTER};
use crate::simd::LintMasks;
use crate::tables::{lint_class, LintClass};
use crate::IriRef;

/// The most bytes an IRI may have for [`Divided`]: its byte offsets are the bits of a `u128`.
pub(super) const MAX_LEN: usize = 128;

/// The offsets below `n` (at most 128), from a table: a shift of a `u128` by a variable
/// amount, with the case of 128, is a dozen instructions, and the masks need many.
#[inline(always)]
fn below(n: usize) -> u128 {
    BELOW[n.min(MAX_LEN)]
}

/// [`below`] for each `n` up to [`MAX_LEN`].
static BELOW: [u128; MAX_LEN + 1] = {
    let mut table = [!0; MAX_LEN + 1];
    let mut n = 0;
    while n < MAX_LEN {
        table[n] = (1 << n) - 1;
        n += 1;
    }
    table
};

/// The offsets from `from` and before `end`.
#[inline(always)]
fn range((from, end): (usize, usize)) -> u128 {
    below(end) & !below(from)
}

/// An IRI of at most [`MAX_LEN`] bytes, as the bit masks of its bytes that its components
/// need: bit `k` of each is about byte `k`.
pub(super) struct Divided<'a> {
    b: &'a [u8],
    /// The leads of the non-ASCII characters.
    lead: u128,
    /// Whether a lead is of U+0580 to U+07FF, mostly right-to-left (Hebrew, Arabic, Syriac,
    /// Thaana, NKo).
    rtl_lead: bool,
    /// ASCII letters, but the hexadecimal digits of percent-encodings.
    letter: u128,
    percent: u128,
    /// The bytes in no component: the delimiters that divide them (4.2), what is outside the
    /// components that 4.2 divides (the scheme, the delimiters between components),
    /// and the offsets past the end.
    cut: u128,
    /// Where the userinfo, the host (a registered name or an IPv4 address), the port, the query
    /// and the fragment start and end; `(0, 0)` when absent.
    userinfo: (usize, usize),
    host: (usize, usize),
    port: (usize, usize),
    query: (usize, usize),
    fragment: (usize, usize),
}

impl<'a> Divided<'a> {
    /// The components of `iri` from the masks `m` of its bytes; `None` if it has a host with
    /// the dots of RFC 3490 3.1 (U+3002, U+FF0E, U+FF61), which divide labels and are not
    /// ASCII.
    #[inline(always)]
    pub(super) fn new(iri: &IriRef<'a>, m: &LintMasks<2>) -> Option<Self> {
        let b = iri.as_str().as_bytes();
        debug_assert!(b.len() <= MAX_LEN);
        let wide = |w: [u64; 2]| u128::from(w[0]) | u128::from(w[1]) << 64;
        let (lead, letter, percent) = (wide(m.lead), wide(m.letter), wide(m.percent));
        let [userinfo, host, port, path, query, fragment] = iri.divided_ranges();
        // The dots of RFC 3490 3.1 are three bytes: E3 80 82, EF BC 8E, EF BD A1.
        let mut host_leads = lead & range(host);
        while host_leads != 0 {
            let i = host_leads.trailing_zeros() as usize;
            host_leads &= host_leads - 1;
            if let Some([0xE3, 0x80, 0x82] | [0xEF, 0xBC, 0x8E] | [0xEF, 0xBD, 0xA1]) =
                b[i..].get(..3)
            {
                return None;
            }
        }
        // A query name ends at its first "=", a value at "&" or ";".
        let ampersand = wide(m.ampersand);
        let mut query_delimiters = ampersand;
        let mut pairs = (ampersand | wide(m.equals)) & range(query);
        let mut value = false;
        while pairs != 0 {
            let i = pairs.trailing_zeros() as usize;
            pairs &= pairs - 1;
            let equals = b[i] == b'=';
            query_delimiters |= u128::from(equals && !value) << i;
            value = equals;
        }
        let (dot, slash) = (wide(m.dot), wide(m.slash));
        let inside = range(userinfo)
            | range(host)
            | range(port)
            | range(path)
            | range(query)
            | range(fragment);
        let cut = !inside
            | range(host) & dot
            | range(path) & (dot | slash)
            | range(query) & query_delimiters;
        // The two bytes after a "%" are hexadecimal digits.
        let digits = percent << 1 | percent << 2;
        Some(Divided {
            b,
            lead: lead & inside,
            rtl_lead: wide(m.rtl_lead) & inside != 0,
            letter: letter & !digits,
            percent,
            cut,
            userinfo,
            host,
            port,
            query,
            fragment,
        })
    }

    /// Whether a lead of U+0580 to U+07FF is in a component: most right-to-left characters
    /// are, though not all.
    pub(super) fn may_be_right_to_left(&self) -> bool {
        self.rtl_lead
    }

    /// Calls `each` with the components that have a non-ASCII character and their summaries, in
    /// order, while none has a right-to-left character: true if none has, false at the first
    /// that has (which `each` is not called with).
    #[inline(always)]
    pub(super) fn each_non_ascii(&self, mut each: impl FnMut(Part, &Summary)) -> bool {
        let mut leads = self.lead;
        while leads != 0 {
            let i = leads.trailing_zeros() as usize;
            let start = 128 - (self.cut & below(i)).leading_zeros() as usize;
            let end = (self.cut & !below(i)).trailing_zeros() as usize;
            leads &= !range((start, end));
            let s = self.summary(start, end);
            if s.has(LintClass::RTL) {
                return false;
            }
            each(self.part(start, end), &s);
        }
        true
    }

    /// Calls `each` with every non-empty component and its summary, in order, as the byte walk
    /// of [`super::for_each_part`] does.
    #[inline(always)]
    pub(super) fn each_part(&self, mut each: impl FnMut(Part, &Summary)) {
        let mut at = 0;
        loop {
            // The cut holds every offset past the end.
            let start = (!self.cut & !below(at)).trailing_zeros() as usize;
            if start >= MAX_LEN {
                return;
            }
            let end = (self.cut & !below(start)).trailing_zeros() as usize;
            each(self.part(start, end), &self.summary(start, end));
            at = end;
        }
    }

    /// The summary of the component from `start` to `end`.
    #[inline(always)]
    fn summary(&self, start: usize, end: usize) -> Summary {
        let component = range((start, end));
        let mut here = self.lead & component;
        let mut s = Summary::EMPTY;
        // Where the last non-ASCII character ends if it is a combining mark.
        let mut mark_end = usize::MAX;
        // The first non-ASCII character, apart: whether it is a mark that starts the component.
        if here != 0 {
            let i = here.trailing_zeros() as usize;
            here &= here - 1;
            let (cp, n) = decode_utf8(self.b, i);
            let class = lint_class(cp);
            s.leading_mark = i == start && class.bidi() == LintClass::NSM;
            s.add(class, i, n, &mut mark_end);
        }
        while here != 0 {
            let i = here.trailing_zeros() as usize;
            here &= here - 1;
            let (cp, n) = decode_utf8(self.b, i);
            s.add(lint_class(cp), i, n, &mut mark_end);
        }
        let mut percents = self.percent & component;
        while percents != 0 {
            s.kinds |= percent_kinds(self.b, percents.trailing_zeros() as usize);
            percents &= percents - 1;
        }
        let latin = self.letter & component != 0;
        s.with_ascii(if latin { ASCII_LETTER } else { 0 })
    }

    /// The component from `start` to `end`.
    #[inline(always)]
    fn part(&self, start: usize, end: usize) -> Part {
        let within = |(from, end): (usize, usize)| from <= start && start < end;
        let kind = if within(self.host) {
            PartKind::Label
        } else if within(self.query) {
            // A component of the query starts after a "&", a ";" or the first "=" of a pair.
            if start > self.query.0 && self.b[start - 1] == b'=' {
                PartKind::QueryValue
            } else {
                PartKind::QueryName
            }
        } else if within(self.fragment) {
            PartKind::Fragment
        } else if within(self.userinfo) {
            PartKind::Userinfo
        } else if within(self.port) {
            PartKind::Port
        } else {
            PartKind::Segment
        };
        Part { kind, start, end }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every non-empty component and its summary, as the byte walk finds them.
    fn by_bytes(iri: &IriRef<'_>) -> Vec<(Part, Summary)> {
        let mut parts = Vec::new();
        super::super::for_each_part(iri, |part, s| parts.push((part, *s)));
        parts
    }

    /// [`Divided`] from the byte walk's masks, where it reads `iri`.
    fn divided<'a>(iri: &IriRef<'a>) -> Option<Divided<'a>> {
        Divided::new(iri, &LintMasks::<2>::portable(iri.as_str().as_bytes()))
    }

    /// A character of a component: ASCII, percent-encodings, the delimiters that divide
    /// components, letters of several scripts, marks, and right-to-left characters caught by
    /// their lead (Hebrew, Arabic) or not (Samaritan U+0800, Arabic presentation forms).
    const PIECES: &[&str] = &[
        "a", "Z", "0", "-", "_", "~", ".", "%41", "%c3%a9", "%2F", "é", "ß", "а", "ο", "ダ", "ー",
        "語", "한", "\u{301}", "\u{94D}", "क", "ﬁ", "\u{200B}", "’", "1", "א", "ب", "٣", "\u{800}",
        "\u{FB50}", "。", "．", "𝒜", "!", "$", "'", "(", "*", "+", ",", ":", "@", "=", "&", ";",
    ];

    fn text(max: usize) -> impl Strategy<Value = String> {
        proptest::collection::vec(proptest::sample::select(PIECES), 0..max)
            .prop_map(|pieces| pieces.concat())
    }

    /// Hosts that are IP literals or IPv4 addresses.
    const IP_HOSTS: [&str; 4] = ["[v7.abc]", "[::ab]", "[2001:db8::cafe]", "192.0.2.1"];

    /// IRIs of every shape of component: userinfo, a host of labels or an IP address, a path of
    /// segments, a query of pairs, a fragment, each maybe absent or empty.
    fn iri() -> impl Strategy<Value = String> {
        let pieces = (
            proptest::option::of(text(4)),
            proptest::collection::vec(text(4), 0..4),
            proptest::collection::vec(text(5), 0..5),
            proptest::option::of(proptest::collection::vec((text(4), text(4)), 0..4)),
            proptest::option::of(text(5)),
            any::<bool>(),
            any::<bool>(),
            // A host that is no registered name, with letters outside every component.
            proptest::option::of(proptest::sample::select(&IP_HOSTS[..])),
        );
        pieces.prop_map(
            |(userinfo, labels, segments, query, fragment, authority, scheme, ip)| {
                // A relative reference without a scheme, or an IRI.
                let mut s = String::from(if scheme { "x:" } else { "" });
                if authority {
                    s.push_str("//");
                    if let Some(u) = userinfo {
                        s.push_str(&u.replace('@', ""));
                        s.push('@');
                    }
                    match ip {
                        Some(ip) => s.push_str(ip),
                        None => s.push_str(&labels.join(".").replace([':', '@'], "")),
                    }
                }
                for (k, segment) in segments.iter().enumerate() {
                    s.push('/');
                    // "x://" would start an authority.
                    s.push_str(if k == 0 && !authority && segment.is_empty() {
                        "p"
                    } else {
                        segment
                    });
                }
                if let Some(pairs) = query {
                    s.push('?');
                    let pairs: Vec<String> =
                        pairs.iter().map(|(n, v)| format!("{n}={v}")).collect();
                    s.push_str(&pairs.join(if s.len() % 2 == 0 { "&" } else { ";" }));
                }
                if let Some(f) = fragment {
                    s.push('#');
                    s.push_str(&f);
                }
                s
            },
        )
    }

    /// The lints found from the masks, where only components with non-ASCII characters whose
    /// summaries say they may have one are judged, are those of the byte walk.
    fn lints_agree(input: &str) -> Result<(), TestCaseError> {
        let iri = IriRef::parse(input)
            .map_err(|e| TestCaseError::fail(format!("{input:?} is not an IRI: {e}")))?;
        if let Some(d) = divided(&iri) {
            use super::super::{Found, MOST_OF_A_CODE};
            let (mut found, mut expected) =
                (Found::new(MOST_OF_A_CODE), Found::new(MOST_OF_A_CODE));
            let linted = super::super::Linted::new(&iri);
            super::super::lint_divided(&linted, &d, &mut found);
            super::super::lint_by_bytes(&linted, &mut expected);
            prop_assert_eq!(found.lints, expected.lints, "{}", input);
        }
        Ok(())
    }

    /// The masks find the components the byte walk finds, with the same summaries, where they
    /// read the IRI; where they do not, it is for the reason of [`Divided::new`].
    fn parts_agree(input: &str) -> Result<(), TestCaseError> {
        let iri = IriRef::parse(input)
            .map_err(|e| TestCaseError::fail(format!("{input:?} is not an IRI: {e}")))?;
        let parts = by_bytes(&iri);
        let Some(d) = divided(&iri) else {
            let host_dots = iri.host().is_some_and(|h| h.contains(['。', '．', '｡']));
            prop_assert!(host_dots, "{input}");
            return Ok(());
        };
        let mut all = Vec::new();
        d.each_part(|part, s| all.push((part, *s)));
        prop_assert_eq!(&all, &parts, "{}", input);
        let rtl = parts.iter().any(|(_, s)| s.has(LintClass::RTL));
        let non_ascii: Vec<_> = parts.into_iter().filter(|(_, s)| s.non_ascii).collect();
        let mut found = Vec::new();
        if d.each_non_ascii(|part, s| found.push((part, *s))) {
            prop_assert!(!rtl, "{input}");
            prop_assert_eq!(found, non_ascii, "{}", input);
        } else {
            prop_assert!(rtl, "{input}");
            // Up to the first component with a right-to-left character.
            prop_assert_eq!(&found[..], &non_ascii[..found.len()], "{}", input);
            prop_assert!(non_ascii[found.len()].1.has(LintClass::RTL), "{}", input);
        }
        // The leads of U+0580 to U+07FF are most right-to-left characters.
        let leads = input.bytes().any(|b| (0xD6..=0xDF).contains(&b));
        prop_assert_eq!(d.may_be_right_to_left(), leads, "{}", input);
        Ok(())
    }

    /// IRIs that end at each offset up to the last the masks hold, in a component or at a
    /// delimiter; with letters outside every component, in an IP literal.
    #[test]
    fn masks_read_iris_to_their_last_offset() {
        let fillers = ["a", "é", "א", "%41", "%D7%90", "1", ".", "/"];
        let starts = [
            "http://例え.jp/パス?q=א",
            "x:/é",
            "http://a/%c3%a9/ب",
            "/ダ#",
            "http://é@[v7.abc]/",
            "//ب@[::ab]:8080/",
        ];
        for start in starts {
            for filler in fillers {
                for last in fillers {
                    let mut input = String::from(start);
                    while input.len() + filler.len() + last.len() <= MAX_LEN {
                        input.push_str(filler);
                        let whole = format!("{input}{last}");
                        if IriRef::parse(&whole).is_ok() && whole.len() + 8 > MAX_LEN {
                            lints_agree(&whole).unwrap();
                            parts_agree(&whole).unwrap();
                        }
                    }
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn masks_find_the_lints_of_the_byte_walk(input in iri()) {
            prop_assume!(input.len() <= MAX_LEN);
            lints_agree(&input)?;
        }

        #[test]
        fn masks_find_what_the_byte_walk_finds(input in iri()) {
            prop_assume!(input.len() <= MAX_LEN);
            parts_agree(&input)?;
        }
    }
}
