//! The lints against a reference written the plain way: each component of 3987bis 4.2 divided
//! by string functions and judged by the Unicode crates alone, character by character, with no
//! table of build/lint.rs and no fast path; on the bench corpus and on generated IRIs.

use icu_properties::props::GeneralCategory;
use iriscan::lint::LintCode;
use iriscan::tables::{bidi_class, BidiClass};
use iriscan::{HostKind, IriRef};
use proptest::prelude::*;
use unicode_normalization::{is_nfc, is_nfkc};
use unicode_script::{Script, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;

/// What a lint may look like: a delimiter of the syntax, a space or an unwise character.
const DELIMITERS: &str = ":/?#[]@.&=;% <>\"\\|";
/// The label separators of RFC 3490 3.1.
const DOTS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Userinfo,
    Label,
    Port,
    Segment,
    QueryName,
    QueryValue,
    Fragment,
}

/// The bidi kinds the rules of 4.2 speak of.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Dir {
    Ltr,
    Rtl,
    Digit,
    Mark,
    Other,
}

fn dir(c: char) -> Dir {
    match bidi_class(c) {
        BidiClass::L => Dir::Ltr,
        BidiClass::R | BidiClass::AL => Dir::Rtl,
        BidiClass::EN | BidiClass::AN => Dir::Digit,
        BidiClass::NSM => Dir::Mark,
        _ => Dir::Other,
    }
}

/// The octet of a `%HH` at the start of `s`.
fn triplet(s: &str) -> Option<u8> {
    let hex = s.get(1..3).filter(|_| s.starts_with('%'))?;
    u8::from_str_radix(hex, 16).ok()
}

/// The characters of a component as the bidi rules read them (a percent-encoded octet below
/// 0x80 decoded, the others as written), and its letters (percent-encoded octets left out).
fn read(text: &str) -> (Vec<char>, Vec<char>) {
    let (mut bidi, mut letters) = (Vec::new(), Vec::new());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match triplet(rest) {
            Some(octet) if octet < 0x80 => bidi.push(octet as char),
            Some(_) => bidi.extend(rest[..3].chars()),
            None => {
                bidi.push(c);
                letters.push(c);
                rest = &rest[c.len_utf8()..];
                continue;
            }
        }
        rest = &rest[3..];
    }
    (bidi, letters)
}

/// The non-empty components of 4.2, in order: kind, start, end.
fn parts(iri: &IriRef<'_>) -> Vec<(Kind, usize, usize)> {
    let input = iri.as_str();
    let at = |s: &str| s.as_ptr() as usize - input.as_ptr() as usize;
    let mut parts = Vec::new();
    let mut split = |kind: Kind, s: &str, cut: &dyn Fn(char) -> bool| {
        let mut start = at(s);
        for (i, c) in s.char_indices() {
            if cut(c) {
                parts.push((kind, start, at(s) + i));
                start = at(s) + i + c.len_utf8();
            }
        }
        parts.push((kind, start, at(s) + s.len()));
    };
    if let Some(userinfo) = iri.userinfo() {
        split(Kind::Userinfo, userinfo, &|_| false);
    }
    // An IPv4 address's numbers and the port too, for the digits beside a right-to-left
    // component.
    match (iri.host(), iri.host_kind()) {
        (Some(host), Some(HostKind::RegName)) => split(Kind::Label, host, &|c| DOTS.contains(&c)),
        (Some(host), Some(HostKind::Ipv4)) => split(Kind::Label, host, &|c| c == '.'),
        _ => {}
    }
    if let Some(port) = iri.port() {
        split(Kind::Port, port, &|_| false);
    }
    split(Kind::Segment, iri.path(), &|c| c == '/' || c == '.');
    if let Some(query) = iri.query() {
        for pair in query.split(['&', ';']) {
            match pair.split_once('=') {
                Some((name, value)) => {
                    split(Kind::QueryName, name, &|_| false);
                    split(Kind::QueryValue, value, &|_| false);
                }
                None => split(Kind::QueryName, pair, &|_| false),
            }
        }
    }
    if let Some(fragment) = iri.fragment() {
        split(Kind::Fragment, fragment, &|_| false);
    }
    parts.retain(|&(_, start, end)| end > start);
    parts
}

/// Adds the lint of code `code` about `c` at `at` in `input` to `lints`, or makes the last one
/// longer where it is about the same character right before: one lint a run. A component
/// (from `from`) gets 16 of a code at most: the 16th goes on to each character found after.
fn push_run(
    lints: &mut Vec<(LintCode, usize, usize)>,
    input: &str,
    code: LintCode,
    (from, at): (usize, usize),
    c: char,
) {
    if let Some(last) = lints.last_mut() {
        if last.0 == code && last.1 + last.2 == at && input[last.1..].starts_with(c) {
            last.2 += c.len_utf8();
            return;
        }
    }
    let of_code = lints.iter().filter(|l| l.0 == code && l.1 >= from).count();
    if of_code == 16 {
        let last = lints
            .iter_mut()
            .rev()
            .find(|l| l.0 == code)
            .expect("the 16th");
        last.2 = at + c.len_utf8() - last.1;
        return;
    }
    lints.push((code, at, c.len_utf8()));
}

/// Whether the joiner or variation selector `c` between `before` and `after` changes what is
/// drawn: a joiner where RFC 5892 A.1 (ZWNJ) and A.2 (ZWJ) allow it, after a virama that has
/// a character before it, and ZWNJ also between Joining_Type L or D and R or D, with
/// transparent ones (T) between; ZWJ between two Extended_Pictographic characters, skin tones
/// and variation selectors after the first (UAX #29 GB11), and between a letter and a virama;
/// U+FE0E or U+FE0F after Emoji; an ideographic variation selector after a Unified_Ideograph.
fn joiner_allowed(before: &str, c: char, after: &str, label: bool) -> bool {
    use icu_properties::props::{
        Alphabetic, Emoji, ExtendedPictographic, JoiningType as J, UnifiedIdeograph,
    };
    let jt = |c: char| icu_properties::CodePointMapData::<J>::new().get(c);
    let pictographic =
        |c: char| icu_properties::CodePointSetData::new::<ExtendedPictographic>().contains(c);
    // Outside a host label; after an ASCII character, in a keycap only.
    if matches!(c, '\u{FE0E}' | '\u{FE0F}') {
        return !label
            && before.chars().last().is_some_and(|p| {
                icu_properties::CodePointSetData::new::<Emoji>().contains(p)
                    && (!p.is_ascii() || after.starts_with('\u{20E3}'))
            });
    }
    // UTS #37: an ideographic variation selector after a unified ideograph.
    if ('\u{E0100}'..='\u{E01EF}').contains(&c) {
        return before.chars().last().is_some_and(|p| {
            icu_properties::CodePointSetData::new::<UnifiedIdeograph>().contains(p)
        });
    }
    // ZWJ between a letter and a virama, outside a host label: a form of the consonant.
    let alphabetic = |p: char| icu_properties::CodePointSetData::new::<Alphabetic>().contains(p);
    let ccc = unicode_normalization::char::canonical_combining_class;
    if c == '\u{200D}'
        && !label
        && before.chars().last().is_some_and(alphabetic)
        && after.chars().next().is_some_and(|n| ccc(n) == 9)
    {
        return true;
    }
    let chars: Vec<char> = before.chars().collect();
    let virama = chars.len() >= 2
        && unicode_normalization::char::canonical_combining_class(chars[chars.len() - 1]) == 9;
    let left = before.chars().rev().map(jt).find(|&t| t != J::Transparent);
    let right = after.chars().map(jt).find(|&t| t != J::Transparent);
    let emoji = before
        .chars()
        .rev()
        .find(|p| !matches!(p, '\u{FE00}'..='\u{FE0F}' | '\u{1F3FB}'..='\u{1F3FF}'))
        .is_some_and(pictographic)
        && after.chars().next().is_some_and(pictographic);
    matches!(c, '\u{200C}' | '\u{200D}') && virama
        || c == '\u{200D}' && emoji && !label
        || c == '\u{200C}'
            && matches!(left, Some(J::LeftJoining | J::DualJoining))
            && matches!(right, Some(J::RightJoining | J::DualJoining))
}

/// The lints of `iri` as (code, offset, length), judged the plain way.
fn reference(iri: &IriRef<'_>) -> Vec<(LintCode, usize, usize)> {
    let input = iri.as_str();
    let at = |s: &str| s.as_ptr() as usize - input.as_ptr() as usize;
    let ignorable =
        icu_properties::CodePointSetData::new::<icu_properties::props::DefaultIgnorableCodePoint>();
    let parts = parts(iri);
    let has_rtl = |&(_, start, end): &(Kind, usize, usize)| {
        read(&input[start..end])
            .0
            .into_iter()
            .any(|c| dir(c) == Dir::Rtl)
    };
    let mut lints = Vec::new();
    for (k, &(kind, start, end)) in parts.iter().enumerate() {
        let text = &input[start..end];
        let (bidi, letters) = read(text);
        let dirs: Vec<Dir> = bidi.iter().map(|&c| dir(c)).collect();
        let first = dirs[0];
        // The last character but the marks after it.
        let last = dirs.iter().rev().find(|&&d| d != Dir::Mark).copied();
        let rtl = dirs.contains(&Dir::Rtl);
        let whole = |code| (code, start, end - start);
        if rtl && dirs.contains(&Dir::Ltr) {
            lints.push(whole(LintCode::BidiMixed));
        }
        if rtl && !(first == Dir::Rtl && last == Some(Dir::Rtl)) {
            lints.push(whole(LintCode::BidiEdge));
        }
        let before = k > 0 && has_rtl(&parts[k - 1]);
        let after = k + 1 < parts.len() && has_rtl(&parts[k + 1]);
        // Signs and punctuation around a number go with it (L3).
        let mut own = dirs.iter().filter(|&&d| d != Dir::Mark && d != Dir::Other);
        let (first_own, last_own) = (own.next().copied(), own.next_back().copied());
        let last_own = last_own.or(first_own);
        if !rtl
            && (before && first_own == Some(Dir::Digit) || after && last_own == Some(Dir::Digit))
        {
            lints.push(whole(LintCode::BidiDigitAdjacent));
        }
        // UTS #39 5.1 and 5.2, "highly restrictive".
        let (mut all, mut others) = (AugmentedScriptSet::default(), AugmentedScriptSet::default());
        for &c in &letters {
            all.intersect_with(AugmentedScriptSet::for_char(c));
            if c.script() != Script::Latin {
                others.intersect_with(AugmentedScriptSet::for_char(c));
            }
        }
        if all.is_empty() && !(others.jpan || others.hanb || others.kore) {
            lints.push(whole(LintCode::MixedScript));
        }
        // As written, or, for a host label that is not ASCII, as IDNA maps it: the name it
        // resolves as (UTS #46 4 step 1; L5; an ACE label is not decoded, L1).
        // Letters and decimal digits; a label only where its skeleton could be an ASCII host
        // name's (letters, digits, hyphens) and it is not a top-level one.
        let word: String = letters.iter().collect();
        let category = icu_properties::CodePointMapData::<GeneralCategory>::new();
        let passes = |word: &str| {
            word.chars().any(|c| {
                let looks: String = unicode_security::skeleton(&c.to_string()).collect();
                let like_a_digit = category.get(c) == GeneralCategory::DecimalNumber
                    && !looks.is_empty()
                    && looks.chars().all(|d| d.is_ascii_digit());
                !c.is_ascii() && (c.is_alphabetic() || like_a_digit)
            }) && unicode_security::skeleton(word).all(|c| c.is_ascii())
        };
        let mapped = || {
            use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
            let (mapped, _) =
                Uts46::new().to_unicode(word.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
            mapped.into_owned()
        };
        let ldh = |word: &str| {
            unicode_security::skeleton(word).all(|c| c.is_ascii_alphanumeric() || c == '-')
        };
        let top_level = kind == Kind::Label && {
            let host = iri.host().unwrap_or_default();
            let (from, to) = (start - at(host), end - at(host));
            let rest: Vec<char> = host[to..].chars().collect();
            from > 0 && (rest.is_empty() || rest.len() == 1 && DOTS.contains(&rest[0]))
        };
        // Under a top-level label beyond ASCII (".рф", "xn--p1ai") no label passes for one of an
        // ASCII host name.
        let under_beyond_ascii = kind == Kind::Label && {
            let host = iri.host().unwrap_or_default();
            let host = host.strip_suffix(DOTS).unwrap_or(host);
            let top = host.rsplit(DOTS).next().unwrap_or_default();
            // This label is not the last.
            end - at(host) < host.len()
                && (!top.is_ascii() || top.to_ascii_lowercase().starts_with("xn--"))
        };
        // In a host label, any character beyond ASCII may pass for ASCII, a letter or not.
        let passes_as_label =
            |word: &str| !word.is_ascii() && unicode_security::skeleton(word).all(|c| c.is_ascii());
        let confusable = if kind != Kind::Label {
            passes(&word) && unicode_security::skeleton(&word).any(|c| c.is_ascii_alphanumeric())
        } else if passes_as_label(&word) {
            ldh(&word) && !top_level && !under_beyond_ascii
        } else {
            !word.is_ascii()
                && passes(&mapped())
                && ldh(&mapped())
                && !top_level
                && !under_beyond_ascii
        };
        if confusable {
            lints.push(whole(LintCode::Confusable));
        }
        // 6.1 b: the non-spacing marks that start a component, drawn on the delimiter before
        // (none at the start of a relative reference).
        let marks: usize = text
            .chars()
            .take_while(|&c| start > 0 && !c.is_ascii() && bidi_class(c) == BidiClass::NSM)
            .map(char::len_utf8)
            .sum();
        if marks > 0 {
            lints.push((LintCode::LookalikeDelimiter, start, marks));
        }
        // UTS #39 4: confusable when the skeletons are equal; by the delimiter's own skeleton
        // ('"' has "''") only for characters of no script in particular.
        let skeleton = |s: &str| unicode_security::skeleton(s).collect::<String>();
        for (i, c) in text.char_indices().skip_while(|&(i, _)| i < marks) {
            let of_a_script =
                c.is_alphanumeric() && !matches!(c.script(), Script::Common | Script::Inherited);
            let looks = skeleton(&c.to_string());
            let like_alphanumeric = c.is_alphanumeric() && looks.chars().all(char::is_alphanumeric);
            let of_no_script =
                c.script_extension().is_common() || c.script_extension().is_inherited();
            let like = DELIMITERS.chars().any(|d| {
                looks == d.to_string() || of_no_script && looks == skeleton(&d.to_string())
            });
            let separator = kind == Kind::Label && DOTS.contains(&c);
            // In a host label or the userinfo, a letter or digit of a script that looks like a
            // delimiter that ends a host, with no ASCII letter or digit beside it, and beside it a
            // character of its script beyond ASCII that is no such look-alike.
            let ends_a_host = |c: char| {
                let looks = skeleton(&c.to_string());
                c.is_alphanumeric()
                    && !matches!(c.script(), Script::Common | Script::Inherited)
                    && looks.chars().count() == 1
                    && "/?#@:\\".contains(looks.as_str())
            };
            let beside = [
                text[..i].chars().next_back(),
                text[i + c.len_utf8()..].chars().next(),
            ];
            let beside_its_own = !beside.iter().flatten().any(char::is_ascii_alphanumeric)
                && beside.into_iter().flatten().any(|n| {
                    let (mine, theirs) = (c.script_extension(), n.script_extension());
                    !n.is_ascii()
                        && !ends_a_host(n)
                        && !theirs.is_common()
                        && !theirs.is_inherited()
                        && !mine.intersection(theirs).is_empty()
                });
            let letter_like =
                matches!(kind, Kind::Label | Kind::Userinfo) && ends_a_host(c) && !beside_its_own;
            // In a host label, a middle dot or what has its skeleton looks like the dot between
            // labels; but where RFC 5892 allows U+00B7 (A.3, between "l"s) and U+30FB (A.7,
            // with kana or Han, here beside it), and a letter of a script among its own.
            let is_l = |n: Option<char>| matches!(n, Some('l' | 'L'));
            let dot_like = kind == Kind::Label
                && looks == "\u{B7}"
                && !match c {
                    '\u{B7}' | '\u{387}' => is_l(beside[0]) && is_l(beside[1]),
                    '\u{30FB}' | '\u{FF65}' => beside.into_iter().flatten().any(|d| {
                        [Script::Hiragana, Script::Katakana, Script::Han].contains(&d.script())
                    }),
                    _ => of_a_script && beside_its_own,
                };
            if !c.is_ascii() && (!of_a_script && !like_alphanumeric && like && !separator)
                || !c.is_ascii() && (letter_like || dot_like)
            {
                push_run(
                    &mut lints,
                    input,
                    LintCode::LookalikeDelimiter,
                    (start, start + i),
                    c,
                );
            }
        }
        // From the ASCII character before the component, which a mark may compose with.
        let from = input[..start]
            .chars()
            .next_back()
            .filter(char::is_ascii)
            .map_or(0, char::len_utf8);
        let normal = &input[start - from..end];
        if !is_nfc(normal) {
            lints.push(whole(LintCode::NotNfc));
        } else if !matches!(kind, Kind::QueryName | Kind::QueryValue) && !is_nfkc(normal) {
            lints.push(whole(LintCode::NotNfkc));
        }
        for (i, c) in text.char_indices() {
            if !c.is_ascii()
                && (c.is_whitespace() || ignorable.contains(c))
                && !joiner_allowed(
                    &text[..i],
                    c,
                    &text[i + c.len_utf8()..],
                    kind == Kind::Label,
                )
            {
                push_run(
                    &mut lints,
                    input,
                    LintCode::Invisible,
                    (start, start + i),
                    c,
                );
            }
        }
    }
    lints
}

fn check(line: &str) -> Result<(), TestCaseError> {
    let Ok(iri) = IriRef::parse(line) else {
        return Ok(());
    };
    let fast: Vec<_> = iri
        .lints()
        .iter()
        .map(|l| (l.code(), l.offset(), l.len()))
        .collect();
    prop_assert_eq!(fast, reference(&iri), "{:?}", line);
    Ok(())
}

#[test]
fn the_bench_corpus_is_judged_as_the_reference_judges_it() {
    for file in ["iris.txt", "urls.txt"] {
        let path = format!("{}/data/bench/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            check(line).unwrap();
        }
    }
}

/// Components with more look-alikes and invisible characters apart than get a lint each.
#[test]
fn many_characters_apart_are_judged_as_the_reference_judges_them() {
    for piece in [
        "\u{200B}a",
        "\u{2044}b",
        "\u{A0}c",
        "\u{200B}\u{2044}d",
        "\u{200B}\u{200B}e",
    ] {
        for n in [15, 16, 17, 40] {
            for at in ["/", "?q=", "#"] {
                check(&format!("http://x{at}{}", piece.repeat(n))).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// IRIs of characters each lint reads: letters of several scripts and of the ones UTS #39
    /// resolves, right-to-left letters, digits, marks, look-alikes, invisibles, compatibility
    /// characters, percent-encoded octets and the delimiters that divide the components.
    #[test]
    fn generated_iris_are_judged_as_the_reference_judges_them(
        host in r"([a-zа-яαβ例え한ー0-9]|\u{3002}|\u{FF0E}|\u{0430}|\u{05D0}){0,6}|[0-9]{1,3}\.[0-9]\.[0-9]\.[0-9]{1,3}(:[0-9]{0,3})?/|[a-z\u{05D0}]{1,3}:[0-9]{0,3}/",
        path in r"(/|\.|[a-zA-Z0-9]|%41|%D7%90|%31|[א-ד]|[ا-ج]|\u{0660}|\u{0301}|\u{0338}|\u{09BE}|\u{09C7}|\u{0F72}|\u{093C}|\u{094D}|\u{0915}|é|ы|\u{200B}|\u{200C}|\u{200D}|\u{00AD}|\u{2044}|\u{FB01}|\u{FF21}|\u{30FC}|\u{1F468}|\u{1F3FD}|\u{FE0F}|\u{2764}|\u{064B}|\u{0651}|\u{064E}|カ|\u{3099}|ﬁ|ä|＂|”|％|｜|∣|״|𝟏|ℓ|٪){0,12}",
        query in r"(=|&|;|[a-z0-9]|\u{FB01}|\u{05D0}|\u{0430}|\u{FF1D}|%20){0,8}",
        fragment in r"([a-z]|\u{05D0}|\u{00A0}|\u{0301}){0,4}",
    ) {
        let iri = format!("http://{host}{path}?{query}#{fragment}");
        prop_assert!(IriRef::parse(&iri).is_ok(), "{:?}", iri);
        check(&iri)?;
        check(&format!("http://u\u{05D0}@{host}/{path}"))?;
    }

    /// The same without right-to-left characters, which lint reads otherwise (only the
    /// components with non-ASCII characters).
    #[test]
    fn generated_left_to_right_iris_are_judged_as_the_reference_judges_them(
        host in r"([a-zа-яαβ例え한ー0-9.]|\u{3002}|\u{FF0E}|\u{0430}|\u{00B7}|\u{30FB}|\u{2022}|\u{A78F}|ll){0,8}",
        path in r"(/|\.|[a-zA-Z0-9]|%41|%D7%90|%31|\u{0301}|\u{0338}|\u{09BE}|\u{09C7}|\u{0F72}|\u{093C}|\u{094D}|\u{0915}|é|ы|\u{200B}|\u{200C}|\u{200D}|\u{00AD}|\u{2044}|\u{FB01}|\u{FF21}|\u{30FC}|\u{1F468}|\u{1F3FD}|\u{FE0F}|\u{2764}|カ|\u{3099}|ä|а){0,16}",
        query in r"(=|&|;|[a-z0-9]|\u{FB01}|\u{0430}|\u{FF1D}|%20|é|例){0,12}",
        user in r"([a-z]|é|\u{0430}){0,3}",
        fragment in r"([a-z]|\u{00A0}|\u{0301}|\u{0430}){0,4}",
    ) {
        let iri = format!("http://{user}@{host}{path}?{query}#{fragment}");
        prop_assert!(IriRef::parse(&iri).is_ok(), "{:?}", iri);
        check(&iri)?;
    }
}
