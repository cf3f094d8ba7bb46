//! The safety half of the spec: the lints (`iriscan::lint`) and the display form
//! (`iriscan::display`). The eleven examples of 3987bis 4.4 judged and shown as the spec judges
//! and shows them, each lint at its boundaries, and properties over generated IRIs.

use iriscan::compare::{compare, CompareOptions, Equivalence};
use iriscan::display::{visual_order, DisplayOptions, Embedding};
use iriscan::lint::{LintCode, Severity};
use iriscan::normalize::Level;
use iriscan::{Component, Grammar, IriRef};
use proptest::prelude::*;

mod common;
use common::within_a_minute;

/// The Bidi Notation of 4.4 written with Hebrew letters: the capitals "A" to "V", in order, as
/// letters whose UTS #39 skeleton is not ASCII (so that no `confusable` lint comes with them).
fn hebrew(notation: &str) -> String {
    const LETTERS: [char; 22] = [
        'א', 'ב', 'ג', 'ד', 'ה', 'ז', 'ח', 'ך', 'כ', 'ל', 'ם', 'מ', 'נ', 'ע', 'ף', 'פ', 'ץ', 'צ',
        'ק', 'ר', 'ש', 'ת',
    ];
    notation
        .chars()
        .map(|c| match c {
            'A'..='V' => LETTERS[c as usize - 'A' as usize],
            _ => c,
        })
        .collect()
}

/// The codes of the lints of `iri`, with the text each is about.
fn lints(iri: &str) -> Vec<(LintCode, String)> {
    let parsed = IriRef::parse(iri).unwrap_or_else(|e| panic!("{iri:?}: {e}"));
    parsed
        .lints()
        .iter()
        .map(|l| (l.code(), iri[l.offset()..l.offset() + l.len()].to_string()))
        .collect()
}

fn codes(iri: &str) -> Vec<LintCode> {
    lints(iri).into_iter().map(|(code, _)| code).collect()
}

/// 3987bis 4.4: examples 1 to 7 are legal, 8 and 9 are "not allowed", 10 and 11 "allowed but
/// not recommended".
#[test]
fn the_examples_of_4_4() {
    use LintCode::{BidiDigitAdjacent, BidiEdge};
    let examples: [(&str, &[(LintCode, &str)]); 11] = [
        ("http://ab.CDEFGH.ij/kl/mn/op.html", &[]),
        ("http://ab.CDE.FGH/ij/kl/mn/op.html", &[]),
        ("http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", &[]),
        ("http://AB.CD.ef/gh/IJ/KL.html", &[]),
        ("http://ab.cd.EF/GH/ij/kl.html", &[]),
        ("http://ab.CD.EF/GH/IJ/kl.html", &[]),
        ("http://ab.CDE123FGH.ij/kl/mn/op.html", &[]),
        (
            "http://ab.cd.ef/GH1/2IJ/KL.html",
            &[(BidiEdge, "GH1"), (BidiEdge, "2IJ")],
        ),
        (
            "http://ab.cd.ef/GH%31/%32IJ/KL.html",
            &[(BidiEdge, "GH%31"), (BidiEdge, "%32IJ")],
        ),
        (
            "http://ab.CDEFGH.123/kl/mn/op.html",
            &[(BidiDigitAdjacent, "123")],
        ),
        (
            "http://ab.CDEFGH.123ij/kl/mn/op.html",
            &[(BidiDigitAdjacent, "123ij")],
        ),
    ];
    for (k, (notation, expected)) in examples.iter().enumerate() {
        let iri = hebrew(notation);
        let expected: Vec<(LintCode, String)> =
            expected.iter().map(|&(c, t)| (c, hebrew(t))).collect();
        assert_eq!(lints(&iri), expected, "example {}: {iri}", k + 1);
    }
}

#[test]
fn the_visual_form_mirrors_brackets_in_right_to_left_text() {
    // UAX #9 L4: a character of Bidi_Mirrored at a right-to-left level is drawn as its mirror,
    // which a terminal that does not apply the algorithm would not do.
    let visual = |s: &str| iriscan::display::visual_order(s);
    assert_eq!(visual("http://x/אב(גד)הו"), "http://x/וה(דג)בא");
    assert_eq!(visual("http://x/א[ב]ג"), "http://x/ג[ב]א");
    // Left-to-right brackets stay as they are.
    assert_eq!(visual("http://x/a(b)/אב"), "http://x/a(b)/בא");
}

/// The visual forms of 4.4, character for character: those of the display form as written, all
/// eleven, and those of the display form where it shows the IRI as written (examples 8 and 9
/// break 4.2, so their display form is mapped to URI notation).
#[test]
fn the_visual_forms_of_4_4() {
    let examples = [
        (
            "http://ab.CDEFGH.ij/kl/mn/op.html",
            "http://ab.HGFEDC.ij/kl/mn/op.html",
        ),
        (
            "http://ab.CDE.FGH/ij/kl/mn/op.html",
            "http://ab.HGF.EDC/ij/kl/mn/op.html",
        ),
        (
            "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV",
            "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA",
        ),
        (
            "http://AB.CD.ef/gh/IJ/KL.html",
            "http://DC.BA.ef/gh/LK/JI.html",
        ),
        (
            "http://ab.cd.EF/GH/ij/kl.html",
            "http://ab.cd.HG/FE/ij/kl.html",
        ),
        (
            "http://ab.CD.EF/GH/IJ/kl.html",
            "http://ab.JI/HG/FE.DC/kl.html",
        ),
        (
            "http://ab.CDE123FGH.ij/kl/mn/op.html",
            "http://ab.HGF123EDC.ij/kl/mn/op.html",
        ),
        (
            "http://ab.cd.ef/GH1/2IJ/KL.html",
            "http://ab.cd.ef/LK/JI1/2HG.html",
        ),
        (
            "http://ab.cd.ef/GH%31/%32IJ/KL.html",
            "http://ab.cd.ef/LK/JI%32/%31HG.html",
        ),
        (
            "http://ab.CDEFGH.123/kl/mn/op.html",
            "http://ab.123.HGFEDC/kl/mn/op.html",
        ),
        (
            "http://ab.CDEFGH.123ij/kl/mn/op.html",
            "http://ab.123.HGFEDCij/kl/mn/op.html",
        ),
    ];
    let visual = DisplayOptions {
        visual: true,
        ..DisplayOptions::default()
    };
    let as_written = DisplayOptions {
        as_written: true,
        ..visual
    };
    for (k, (logical, shown)) in examples.iter().enumerate() {
        let (logical, shown) = (hebrew(logical), hebrew(shown));
        assert_eq!(visual_order(&logical), shown, "example {}", k + 1);
        let iri = IriRef::parse(&logical).unwrap();
        assert_eq!(iri.to_display(&as_written), shown, "example {}", k + 1);
        if k == 7 || k == 8 {
            // The components that break 4.2 rule 2 in URI notation, as a whole (4.2).
            let display = iri.to_display(&visual);
            assert!(
                display.contains("/%D7%97%D7%9A"),
                "example {}: {display}",
                k + 1
            );
        } else {
            assert_eq!(iri.to_display(&visual), shown, "example {}", k + 1);
        }
    }
}

#[test]
fn the_form_as_written_keeps_only_the_protections_against_spoofing() {
    let as_written = DisplayOptions {
        as_written: true,
        ..DisplayOptions::default()
    };
    let shown = |input: &str| IriRef::parse(input).unwrap().to_display(&as_written);
    // Nothing decoded, and a component that breaks 4.2 as it is, where the display form
    // decodes and maps; right-to-left text wrapped.
    for (input, expected) in [
        (
            "http://xn--99zt52a.example.org/%e2%80%ae",
            "http://xn--99zt52a.example.org/%e2%80%ae",
        ),
        ("http://x/%D7%90", "http://x/%D7%90"),
        ("http://x/abגד/e", "\u{202A}http://x/abגד/e\u{202C}"),
    ] {
        let iri = IriRef::parse(input).unwrap();
        assert_ne!(iri.to_display(&DisplayOptions::default()), expected);
        assert_eq!(shown(input), expected);
    }
    // But a spoofing label in ACE form, invisible characters and look-alikes encoded.
    assert_eq!(
        shown("http://аррӏе.com/a\u{200B}b\u{2044}c"),
        "http://xn--80ak6aa92e.com/a%E2%80%8Bb%E2%81%84c"
    );
    assert_eq!(
        shown("http://example.com\u{2044}evil.com/"),
        "http://example.xn--comevil-3d7c.com/"
    );
}

#[test]
fn display_decodes_what_3_7_decodes() {
    // 3.7's example: U+202E stays percent-encoded, the ACE label is shown in Unicode.
    let iri = IriRef::parse("http://xn--99zt52a.example.org/%e2%80%ae").unwrap();
    assert_eq!(
        iri.to_display(&DisplayOptions::default()),
        "http://納豆.example.org/%E2%80%AE"
    );
}

#[test]
fn display_keeps_spoofing_labels_in_ace_form() {
    let ace = IriRef::parse("http://аррӏе.com/")
        .unwrap()
        .to_uri()
        .unwrap()
        .into_owned();
    assert_eq!(ace, "http://xn--80ak6aa92e.com/");
    // Neither decoded, nor shown as typed.
    for input in [ace.as_str(), "http://аррӏе.com/"] {
        let iri = IriRef::parse(input).unwrap();
        assert_eq!(iri.to_display(&DisplayOptions::default()), ace);
    }
    // A label that IDNA maps to a look-alike of "/" ("a1⁄2"), the same.
    assert_eq!(shown("http://a\u{BD}.com/x"), "http://xn--a12-pt0a.com/x");
    // A label that mixes scripts, the same; an honest one is shown in Unicode.
    let iri = IriRef::parse("http://xn--pypal-4ve.com/").unwrap();
    assert_eq!(
        iri.to_display(&DisplayOptions::default()),
        "http://xn--pypal-4ve.com/"
    );
    let iri = IriRef::parse("http://xn--rsum-bpad.example.org/").unwrap();
    assert_eq!(
        iri.to_display(&DisplayOptions::default()),
        "http://résumé.example.org/"
    );
}

/// The display form of `s` with the default options.
fn shown(s: &str) -> String {
    IriRef::parse(s)
        .unwrap()
        .to_display(&DisplayOptions::default())
}

#[test]
fn display_encodes_what_cannot_be_shown() {
    // Invisible characters and look-alikes of delimiters, one by one.
    assert_eq!(shown("http://x/a\u{200B}b/c"), "http://x/a%E2%80%8Bb/c");
    assert_eq!(shown("http://x/a\u{2044}b"), "http://x/a%E2%81%84b");
    // A component that breaks 4.2, as a whole; the others as they are.
    assert_eq!(shown("http://x/éabגד/é"), "http://x/%C3%A9ab%D7%92%D7%93/é");
    // A look-alike delimiter in a host: the label in ACE form, where it looks like no "/".
    assert_eq!(
        shown("http://example.com\u{2044}evil.com/"),
        "http://example.xn--comevil-3d7c.com/"
    );
    // An invisible character IDNA maps to nothing: the label as the name resolves, without it.
    assert_eq!(shown("http://ex\u{200B}ample.com/"), "http://example.com/");
    assert_eq!(shown("http://ex\u{AD}ample.com/"), "http://example.com/");
    // A last label of nothing else is a root dot; elsewhere it makes an empty label, which
    // resolves as no name: it stays encoded.
    assert_eq!(shown("http://b.\u{200B}\u{AD}/"), "http://b./");
    assert_eq!(shown("http://a.\u{200B}.com/"), "http://a.%E2%80%8B.com/");
    assert_eq!(shown("http://\u{200B}/"), "http://%E2%80%8B/");
    // Not with percent-encoded octets, nor after a label that is nothing either.
    assert_eq!(shown("http://b.%2F\u{200B}/x"), "http://b.%2F%E2%80%8B/x");
    assert_eq!(
        shown("http://\u{200B}.\u{200B}/"),
        "http://%E2%80%8B.%E2%80%8B/"
    );
    // A mark at the start of a component would be drawn on the delimiter before it ("=" and
    // U+0338 look like "≠"): it stays encoded, or is encoded; inside a component it is shown.
    assert_eq!(shown("http://a/?a=%CC%B8b"), "http://a/?a=%CC%B8b");
    assert_eq!(
        shown("http://a/x/%CC%B8%CC%81y"),
        "http://a/x/%CC%B8%CC%81y"
    );
    assert_eq!(shown("http://a/x/\u{338}y"), "http://a/x/%CC%B8y");
    assert_eq!(shown("http://a/cafe%CC%81"), "http://a/cafe\u{301}");
    // A joiner after such a mark, which no letter comes before, is encoded too.
    assert_eq!(
        shown("http://x/%E0%A5%8D%E2%80%8Cb"),
        "http://x/%E0%A5%8D%E2%80%8Cb"
    );
    // In a host too: a label IDNA refuses for its leading mark (UTS #46 4.1, criterion 6) is
    // percent-encoded whole, as other labels IDNA refuses; one with a mark inside is shown.
    assert_eq!(shown("http://\u{338}a.com/"), "http://%CC%B8a.com/");
    assert_eq!(
        shown("http://x.\u{301}\u{338}a.com/"),
        "http://x.%CC%81%CC%B8a.com/"
    );
    assert_eq!(shown("http://caf\u{e9}.com/"), "http://caf\u{e9}.com/");
    // Nor would marks after a character encoded here be drawn on its hexadecimal digits.
    assert_eq!(
        shown("http://x/a\u{200B}\u{301}b"),
        "http://x/a%E2%80%8B%CC%81b"
    );
    assert_eq!(
        shown("http://x/a\u{FF0F}\u{338}\u{301}b"),
        "http://x/a%EF%BC%8F%CC%B8%CC%81b"
    );
}

#[test]
fn display_encodes_a_right_to_left_component_whole_rather_than_break_4_2() {
    // An encoded character inside a right-to-left component would put Latin letters and digits
    // in it: the component is mapped to URI notation whole (4.2, last paragraph).
    let rtl = "http://x/\u{5D0}\u{5D1}\u{200B}\u{5D2}\u{5D3}/a";
    assert_eq!(shown(rtl), "http://x/%D7%90%D7%91%E2%80%8B%D7%92%D7%93/a");
    // A look-alike at the edge of one, and a mark it starts with, too.
    assert_eq!(shown("http://x/\u{5C3}%D7%90"), "http://x/%D7%83%D7%90");
    assert_eq!(shown("http://x/\u{5B8}\u{5D0}"), "http://x/%D6%B8%D7%90");
    // Left-to-right components keep the rest of their characters.
    assert_eq!(
        shown("http://x/\u{e9}\u{200B}\u{e9}"),
        "http://x/\u{e9}%E2%80%8B\u{e9}"
    );
}

/// Many invisible characters, in one component and in many: each is encoded once, not looked
/// for among all the others.
#[test]
fn display_of_many_invisible_characters_takes_linear_time() {
    let input = format!("http://x/{}", "\u{200B}".repeat(500_000));
    let display = within_a_minute(input, shown);
    assert_eq!(display.len(), "http://x/".len() + 9 * 500_000);
    assert!(display.ends_with("%E2%80%8B%E2%80%8B"));
    // Invisible marks (variation selectors) after a letter: each is a lint, and the marks
    // after it go with the first.
    let input = format!("http://x/a{}", "\u{FE0F}".repeat(300_000));
    let display = within_a_minute(input, shown);
    assert_eq!(display.len(), "http://x/a".len() + 9 * 300_000);
    let input = format!("http://x{}", "/\u{200B}".repeat(300_000));
    let display = within_a_minute(input, shown);
    assert!(display.starts_with("http://x/%E2%80%8B/%E2%80%8B/"));
    assert_eq!(display.len(), "http://x".len() + 10 * 300_000);
}

/// A run of the same invisible character or look-alike is one lint, not one a character: a
/// line of megabytes of U+00A0 wrote hundreds of megabytes.
#[test]
fn a_run_of_one_character_is_one_lint() {
    let input = format!("http://x/?q={}z", "\u{A0}".repeat(1000));
    let iri = IriRef::parse(&input).unwrap();
    let found: Vec<_> = iri.lints();
    assert!(!found.is_empty() && found.len() <= 2, "{}", found.len());
    for lint in &found {
        assert_eq!((lint.offset(), lint.len()), (12, 2000), "{}", lint.code());
        assert!(
            lint.message().contains("1000 in a row"),
            "{}",
            lint.message()
        );
    }
    // Two characters, or one apart, are two.
    let found = IriRef::parse("http://x/a\u{200B}\u{200C}b\u{200B}")
        .unwrap()
        .lints();
    let invisible: Vec<_> = found
        .iter()
        .filter(|l| l.code() == LintCode::Invisible)
        .map(|l| (l.offset(), l.len()))
        .collect();
    assert_eq!(invisible, [(10, 3), (13, 3), (17, 3)]);
}

/// Characters found apart, as many as they may be, make at most 16 lints of a code in a
/// component: the last covers the rest and says how many it holds. A query of U+00A0 and "a"
/// in turn wrote 80 times its size in lints.
#[test]
fn characters_found_apart_make_a_bounded_number_of_lints() {
    for (code, piece) in [
        (LintCode::Invisible, "\u{200B}a"),
        (LintCode::LookalikeDelimiter, "\u{2044}b"),
    ] {
        let input = format!("http://x/?q={}", piece.repeat(1000));
        let iri = IriRef::parse(&input).unwrap();
        let lints: Vec<_> = iri
            .lints()
            .into_iter()
            .filter(|l| l.code() == code)
            .collect();
        assert_eq!(lints.len(), 16, "{code}");
        assert_eq!((lints[0].offset(), lints[0].len()), (12, 3), "{code}");
        let last = &lints[15];
        assert_eq!(last.offset() + last.len(), input.len() - 1, "{code}");
        assert!(last.message().contains(" 984 more "), "{}", last.message());
    }
    // The display form percent-encodes each of them, and nothing between.
    let input = format!("http://x/?q={}", "\u{200B}é".repeat(40));
    let shown = IriRef::parse(&input).unwrap().to_display(&DisplayOptions {
        embedding: Embedding::None,
        ..DisplayOptions::default()
    });
    assert_eq!(shown, format!("http://x/?q={}", "%E2%80%8Bé".repeat(40)));
    // Up to 16, each its own.
    let input = format!("http://x/?q={}", "\u{200B}a".repeat(16));
    let found = IriRef::parse(&input).unwrap().lints();
    assert_eq!(found.len(), 16);
    assert!(found
        .iter()
        .all(|l| l.len() == 3 && !l.message().contains("more")));
}

/// An IRI gets at most 64 lints of a code: the 64th says how many more of its code follow it.
/// A 20 MB path of five million segments that mix scripts took 2.3 GB to lint and wrote 1.5 GB.
#[test]
fn an_iri_gets_a_bounded_number_of_lints_of_a_code() {
    let input = format!(
        "http://x/{}?{}",
        "\u{430}x/".repeat(1000),
        "\u{FB01}=1&".repeat(3)
    );
    let lints = IriRef::parse(&input).unwrap().lints();
    let mixed: Vec<_> = lints
        .iter()
        .filter(|l| l.code() == LintCode::MixedScript)
        .collect();
    assert_eq!(mixed.len(), 64);
    assert_eq!((mixed[0].offset(), mixed[0].len()), (9, 3));
    let last = mixed[63];
    assert_eq!((last.offset(), last.len()), (9 + 63 * 4, 3));
    assert!(
        last.message()
            .contains("; 936 more mixed-script lints after it"),
        "{}",
        last.message()
    );
    assert!(!mixed[62].message().contains("more"));
    // Other codes keep their own count: the query's ligatures are no NFKC lint, and the path's
    // confusable letters, as many as they are, make 64 of their own.
    let confusable = lints.iter().filter(|l| l.code() == LintCode::Confusable);
    assert_eq!(confusable.count(), 64);
    // One more is one lint.
    let input = format!("http://x/{}", "\u{430}x/".repeat(65));
    let lints = IriRef::parse(&input).unwrap().lints();
    let last = lints.iter().rfind(|l| l.code() == LintCode::MixedScript);
    let said = last.map(|l| l.message()).unwrap_or_default();
    assert!(
        said.contains("; 1 more mixed-script lint after it in this IRI is left out"),
        "{said}"
    );
    // Up to 64, each its own.
    let input = format!("http://x/{}", "\u{430}x/".repeat(64));
    let lints = IriRef::parse(&input).unwrap().lints();
    let mixed = lints.iter().filter(|l| l.code() == LintCode::MixedScript);
    assert_eq!(mixed.clone().count(), 64);
    assert!(mixed.clone().all(|l| !l.message().contains("more")));
}

/// A host of many labels that pass for ASCII: the top-level label each is judged under is read
/// once, not once a label.
#[test]
fn many_confusable_labels_take_linear_time() {
    let n = 200_000;
    let input = format!("http://{}com/", "\u{430}.".repeat(n));
    let lints = within_a_minute(input.clone(), |input| {
        IriRef::parse(input).unwrap().lints().len()
    });
    assert_eq!(lints, 64);
    let display = within_a_minute(input, shown);
    assert!(
        display.starts_with("http://xn--80a.xn--80a."),
        "{}",
        &display[..40]
    );
}

/// The message of `mixed-script` on a long component of letters of one script and characters
/// common to others (U+30FC, of Hiragana and Katakana): each script is looked for once, not
/// once a letter.
#[test]
fn mixed_script_messages_take_linear_time() {
    let n = 200_000;
    for (letters, common) in [
        ("\u{430}", "\u{30FC}"),
        ("\u{5D0}", "\u{30FC}"),
        ("a", "\u{374}"),
    ] {
        let input = format!("http://a/{}{}", letters.repeat(n), common.repeat(n));
        let messages = within_a_minute(input, |input| {
            let iri = IriRef::parse(input).unwrap();
            iri.lints()
                .iter()
                .filter(|l| l.code() == LintCode::MixedScript)
                .map(|l| l.message())
                .collect::<Vec<_>>()
        });
        assert_eq!(messages.len(), 1, "{letters}{common}");
        assert!(messages[0].contains("U+"), "{}", messages[0]);
    }
}

#[test]
fn display_wraps_right_to_left_text() {
    let iri = IriRef::parse("http://x/אב").unwrap();
    let with = |embedding| {
        iri.to_display(&DisplayOptions {
            embedding,
            ..DisplayOptions::default()
        })
    };
    assert_eq!(with(Embedding::Lre), "\u{202A}http://x/אב\u{202C}");
    assert_eq!(with(Embedding::Lri), "\u{2066}http://x/אב\u{2069}");
    assert_eq!(with(Embedding::None), "http://x/אב");
    // Without right-to-left characters, nothing to wrap.
    let iri = IriRef::parse("http://x/é").unwrap();
    assert_eq!(iri.to_display(&DisplayOptions::default()), "http://x/é");
    for e in Embedding::ALL {
        assert_eq!(e.name().parse::<Embedding>(), Ok(e));
    }
}

#[test]
fn bidi_mixed_and_edge() {
    use LintCode::{BidiEdge, BidiMixed};
    // Both directions in one label: mixed, and not ending with a right-to-left letter (and two
    // scripts).
    assert_eq!(
        codes("http://abגד.example/"),
        [BidiMixed, BidiEdge, LintCode::MixedScript]
    );
    // Ends with right-to-left letters but starts with a digit: the edge alone.
    assert_eq!(lints("http://x/1גד"), [(BidiEdge, "1גד".into())]);
    // A non-spacing mark after the last letter is part of it (Hebrew point QAMATS).
    assert!(lints("http://x/גד\u{05B8}").is_empty());
    // Digits inside a right-to-left component are fine (4.4 example 7); Arabic letters are AL.
    assert!(lints("http://x/גד12גד/\u{0627}\u{0661}\u{0628}").is_empty());
    // Query names and values, and the fragment, are components of their own.
    assert!(lints("http://x/?גד=ab&ab=גד#גד").is_empty());
    assert_eq!(
        lints("http://x/?q=גדab")[..2],
        [(BidiMixed, "גדab".into()), (BidiEdge, "גדab".into())]
    );
    // A percent-encoded octet of UTF-8 is read as written: the component mapped to URI
    // notation as a whole (4.2's remedy) has no right-to-left character.
    assert!(lints("http://x/גד/%D7%90%31").is_empty());
    // A percent-encoded ASCII letter is that letter: "%61" is "a", left-to-right.
    assert_eq!(lints("http://x/גד%61")[0].0, BidiMixed);
}

#[test]
fn bidi_digit_adjacent() {
    // Before a right-to-left component too, across the delimiter of another component.
    assert_eq!(
        lints("http://ab.12/גד"),
        [(LintCode::BidiDigitAdjacent, "12".into())]
    );
    // Signs and punctuation before or after the number go with it (4.4 example 8): the bidi
    // algorithm shows `http://x/אבג/+972` as `http://x/972+/גבא`.
    for (iri, part) in [
        ("http://x/אבג/+972", "+972"),
        ("http://x/אבג/$5", "$5"),
        ("http://x/אבג/(1)", "(1)"),
        ("http://x/אבג/-1", "-1"),
        ("http://x/1%25/אבג", "1%25"),
    ] {
        assert_eq!(
            lints(iri),
            [(LintCode::BidiDigitAdjacent, part.into())],
            "{iri}"
        );
    }
    assert!(lints("http://x/אבג/+a1").is_empty());
    // Not when the digit is away from the right-to-left neighbour.
    assert!(lints("http://x/אבג/a+1").is_empty());
    assert!(lints("http://ab.גד.x1/").is_empty());
    assert!(lints("http://ab.1x.גד/").is_empty());
    // An info, not a warning.
    let iri = hebrew("http://ab.CDEFGH.123/");
    let parsed = IriRef::parse(&iri).unwrap();
    assert_eq!(parsed.lints()[0].severity(), Severity::Info);
    assert_eq!(parsed.lints()[0].component(), Component::Host);
    // The numbers of an IPv4 host and the port are no components of 4.2, but the bidi
    // algorithm moves them as it moves digits: `http://1.2.3.4@בא/`, `http://ab.80:גבא/`.
    assert_eq!(
        lints("http://אב@1.2.3.4/"),
        [(LintCode::BidiDigitAdjacent, "1".into())]
    );
    let port = IriRef::parse("http://ab.אבג:80/").unwrap().lints();
    assert_eq!(
        port.iter()
            .map(|l| (l.code(), l.component(), l.offset(), l.len()))
            .collect::<Vec<_>>(),
        [(LintCode::BidiDigitAdjacent, Component::Port, 17, 2)]
    );
    assert_eq!(
        lints("http://ab:80/גד"),
        [(LintCode::BidiDigitAdjacent, "80".into())]
    );
    assert!(lints("http://אבג.ab:80/").is_empty());
    assert_eq!(
        lints("http://1.2.3.4/אב"),
        [(LintCode::BidiDigitAdjacent, "4".into())]
    );
}

#[test]
fn mixed_script() {
    // A Cyrillic "а" among Latin letters.
    assert_eq!(codes("http://x/pаypal")[0], LintCode::MixedScript);
    // Japanese mixes Han, Hiragana, Katakana and Latin: one language (UTS #39 highly
    // restrictive), and so do Chinese with Bopomofo and Korean with Hangul, each with Latin.
    assert!(lints("http://x/東京タワーへのaccess").is_empty());
    assert!(lints("http://x/中文ㄅㄆabc").is_empty());
    assert!(lints("http://x/한국어漢字abc").is_empty());
    // But not Hangul with Katakana, nor Latin with Greek.
    assert_eq!(codes("http://x/한국タワー"), [LintCode::MixedScript]);
    assert!(codes("http://x/alphaβ").contains(&LintCode::MixedScript));
    // Each dot-separated part of a segment is its own component: "файл.html" is fine.
    assert!(lints("http://x/файл.html").is_empty());
    // ASCII digits and punctuation belong to every script; other digits to their own.
    assert!(lints("http://x/файл-2024_1").is_empty());
    assert!(!codes("http://x/ملف١٢").contains(&LintCode::MixedScript));
    assert_eq!(codes("http://x/abc١٢"), [LintCode::MixedScript]);
    // The message names the scripts.
    let iri = IriRef::parse("http://x/pаypal").unwrap();
    assert!(iri.lints()[0].message().contains("Latin, Cyrillic"));
    // A mark of the Inherited script used with some scripts only (its Script_Extensions, UTS #39
    // 5.1) is named with them: the acute accent goes with Latin, not with Hebrew.
    let iri = IriRef::parse("http://x/א\u{301}").unwrap();
    let message = iri.lints()[0].message();
    assert_eq!(iri.lints()[0].code(), LintCode::MixedScript);
    assert!(
        message.contains("Hebrew, U+0301 (") && message.contains("Latin"),
        "{message}"
    );
    // Nor where one of its scripts is named, and not a mark used with every script.
    let iri = IriRef::parse("http://x/pɛ\u{301}ε").unwrap();
    assert!(iri.lints()[0].message().contains("Latin, Greek;"));
    let iri = IriRef::parse("http://x/pаypal\u{20D0}").unwrap();
    assert!(iri.lints()[0].message().contains("Latin, Cyrillic;"));
    let iri = IriRef::parse("http://x/ー한").unwrap();
    let message = iri.lints()[0].message();
    assert!(
        message.contains("U+30FC (Hiragana or Katakana), Hangul;"),
        "{message}"
    );
}

#[test]
fn confusable() {
    // All Cyrillic, and it looks like "apple": no mixed script, but confusable.
    let lints_of = lints("http://аррӏе.com/");
    assert_eq!(lints_of, [(LintCode::Confusable, "аррӏе".into())]);
    let iri = IriRef::parse("http://аррӏе.com/").unwrap();
    assert!(iri.lints()[0].message().contains("\"apple\""));
    // Full-width Latin passes for ASCII (6.1 b).
    assert!(codes("http://x/ｐａｙ").contains(&LintCode::Confusable));
    // Outside a host, a component passes for an ASCII name only with a letter or a digit
    // in its skeleton: "ノ" and "丿" look like "/", which names nothing (L6 makes them letters
    // there).
    for iri in [
        "https://dev.to/\u{30CE}",
        "https://x.org/?ref=\u{30CE}",
        "https://x.org/wiki/\u{4E3F}",
    ] {
        assert!(lints(iri).is_empty(), "{iri}: {:?}", lints(iri));
    }
    assert!(codes("https://x.org/\u{30CE}\u{43E}").contains(&LintCode::Confusable));
    // Letters with marks do not look like ASCII: "café" is itself.
    assert!(lints("http://x/café").is_empty());
    // Greek words that do not look like ASCII.
    assert!(lints("http://x/λόγος").is_empty());
    // A host label is judged as IDNA maps it (UTS #46 4 step 1), the name it resolves as:
    // the small Cherokee letters are mapped to the capitals, which pass for "CAMERA".
    let small = "\u{ABAF}\u{AB7A}\u{AB87}\u{AB7C}\u{ABA2}\u{AB7A}";
    let host = format!("http://{small}.com/");
    assert_eq!(lints(&host), [(LintCode::Confusable, small.into())]);
    let message = IriRef::parse(&host).unwrap().lints()[0].message();
    assert!(message.contains("\"CAMERA\""), "{message}");
    assert!(shown(&host).starts_with("http://xn--"), "{}", shown(&host));
    // Elsewhere IDNA does not apply, and they are themselves.
    assert!(lints(&format!("http://x/{small}")).is_empty());
    // With a symbol IDNA maps to letters ("㎡" to "m2").
    assert!(codes(&format!("http://{small}\u{33A1}.com/")).contains(&LintCode::Confusable));
    // Mixed with letters that pass for ASCII as written, too.
    assert_eq!(
        lints(&format!("http://\u{430}{small}.com/")),
        [
            (LintCode::MixedScript, format!("\u{430}{small}")),
            (LintCode::Confusable, format!("\u{430}{small}"))
        ]
    );
    // Digits of another decimal system pass for ASCII ones: Bengali four looks like "8"
    // (UTS #39 4).
    for iri in ["http://8\u{9EA}8.com/", "http://x/8\u{9EA}8"] {
        assert!(codes(iri).contains(&LintCode::Confusable), "{iri}");
    }
    assert!(shown("http://8\u{9EA}8.com/").starts_with("http://xn--"));
    // Among letters of their own script they do not, nor do digits whose skeleton is no
    // digit: Arabic-Indic one and zero look like "l" and "." (UTS #39), and are numbers.
    assert!(lints("http://x/\u{9B8}\u{9EA}").is_empty());
    for iri in [
        "http://x.com/?page=\u{661}\u{660}",
        "http://x.com/\u{660}",
        "http://x.com/?page=\u{6F5}\u{6F0}",
        "http://x.com/\u{1040}",
    ] {
        assert!(!codes(iri).contains(&LintCode::Confusable), "{iri}");
    }
    // A top-level label is allocated by IANA, not chosen by who would spoof: the Armenian
    // and Serbian ones are themselves, with a root dot after them too; a label of one is not.
    for iri in [
        "http://a.\u{570}\u{561}\u{575}/",
        "http://a.\u{441}\u{440}\u{431}/",
        "http://a.\u{441}\u{440}\u{431}./x",
        "http://a.\u{441}\u{440}\u{431}:80/",
    ] {
        assert!(lints(iri).is_empty(), "{iri}");
        assert_eq!(shown(iri), iri);
    }
    assert!(codes("http://\u{441}\u{440}\u{431}/").contains(&LintCode::Confusable));
    assert!(codes("http://\u{441}\u{440}\u{431}.a/").contains(&LintCode::Confusable));
    // In a host label, what passes for ASCII need not be a letter: U+2010 HYPHEN, U+2212 MINUS
    // SIGN and U+00D7 MULTIPLICATION SIGN make other names than the ASCII ones they look like.
    for (host, like) in [
        ("paypal\u{2010}login", "paypal-login"),
        ("paypal\u{2212}login", "paypal-login"),
        ("e\u{D7}ample", "example"),
    ] {
        let iri = format!("https://{host}.com/");
        assert_eq!(lints(&iri), [(LintCode::Confusable, host.into())], "{iri}");
        let said = self::message(&iri, LintCode::Confusable);
        assert!(said.contains(&format!("\"{like}\"")), "{said}");
        assert!(shown(&iri).starts_with("https://xn--"), "{}", shown(&iri));
    }
    // Elsewhere they are punctuation of the text: "1939–1945" in a path.
    assert!(lints("https://x.com/1939\u{2013}1945").is_empty());
    // Under a top-level label that is not ASCII, no label passes for one of an ASCII host name:
    // Cyrillic "сахар" under ".рф" or ".бг" (in ACE form too), as browsers show them.
    for iri in [
        "https://\u{441}\u{430}\u{445}\u{430}\u{440}.\u{440}\u{444}/",
        "https://\u{441}\u{43E}\u{440}.\u{431}\u{433}/",
        "https://\u{441}\u{430}\u{445}\u{430}\u{440}.xn--p1ai/",
        "https://\u{440}\u{443}\u{441}.\u{440}\u{443}\u{441}./",
    ] {
        assert!(lints(iri).is_empty(), "{iri}: {:?}", lints(iri));
    }
    assert!(
        codes("https://\u{441}\u{430}\u{445}\u{430}\u{440}.com/").contains(&LintCode::Confusable)
    );
    // A label passes for an ASCII host name only if its skeleton could be one: letters,
    // digits and hyphens (RFC 1123 2.1). Hebrew "יוסי" has the skeleton "'lo'".
    let hebrew_host = "http://\u{5D9}\u{5D5}\u{5E1}\u{5D9}.co.il/";
    assert!(lints(hebrew_host).is_empty(), "{:?}", lints(hebrew_host));
    assert_eq!(shown(hebrew_host), format!("\u{202A}{hebrew_host}\u{202C}"));
}

/// A middle dot in a host label looks like the "." between labels, though UTS #39 does not
/// give it the skeleton "." (L6): "bank.com·evil.com" passes for a host under "bank.com".
/// RFC 5892 allows U+00B7 between two "l"s (A.3, Catalan) and U+30FB in a label with
/// Hiragana, Katakana or Han (A.7); a letter of a script among its own letters is a letter.
#[test]
fn dot_lookalikes_in_a_host() {
    for dot in [
        "\u{B7}", "\u{387}", "\u{2022}", "\u{2027}", "\u{2219}", "\u{22C5}", "\u{30FB}", "\u{FF65}",
    ] {
        let iri = format!("http://bank.com{dot}evil.com/");
        let found: Vec<_> = lints(&iri)
            .into_iter()
            .filter(|(code, _)| *code == LintCode::LookalikeDelimiter)
            .collect();
        assert_eq!(
            found,
            [(LintCode::LookalikeDelimiter, dot.to_string())],
            "{iri}"
        );
        let said = message(&iri, LintCode::LookalikeDelimiter);
        assert!(said.contains(r#"looks like ".""#), "{said}");
        // Shown in ACE form, as a spoofing label is.
        assert!(
            shown(&iri).starts_with("http://bank.xn--"),
            "{}",
            shown(&iri)
        );
        // Not in a path, a query or the userinfo, where "." separates no host.
        for other in [
            format!("http://x/a{dot}b"),
            format!("http://x/?a{dot}b"),
            format!("http://a{dot}b@x/"),
        ] {
            assert!(
                !codes(&other).contains(&LintCode::LookalikeDelimiter),
                "{other}"
            );
        }
    }
    // RFC 5892 A.3 and A.7.
    for iri in [
        "http://col\u{B7}legi.cat/",
        "http://paral\u{B7}lel.cat/",
        "http://\u{30A2}\u{30FB}\u{30A4}.jp/",
        "http://\u{6771}\u{4EAC}\u{30FB}x.jp/",
        "http://\u{30A2}\u{FF65}\u{30A4}.jp/",
    ] {
        assert!(!codes(iri).contains(&LintCode::LookalikeDelimiter), "{iri}");
    }
    for iri in [
        "http://col\u{B7}egi.cat/",
        "http://co\u{B7}legi.cat/",
        "http://\u{B7}l.cat/",
        "http://com\u{30FB}evil.jp/",
        // A kana or Han letter elsewhere in the label does not make a dot between ASCII
        // letters one of Japanese text.
        "http://www.paypal\u{30FB}com\u{30FB}login\u{6F22}.jp/",
    ] {
        assert!(codes(iri).contains(&LintCode::LookalikeDelimiter), "{iri}");
    }
}

#[test]
fn lookalike_delimiter() {
    // A non-spacing mark that starts a component is drawn on the delimiter before it, which
    // it makes look like another character ("/" and U+0301, "=" and U+20E5): one lint for the
    // run of marks, which the display form keeps encoded.
    for (iri, marks) in [
        ("http://x/a/\u{301}b", "\u{301}"),
        ("http://x/?q=\u{20E5}\u{301}b", "\u{20E5}\u{301}"),
        ("http://x/#\u{338}", "\u{338}"),
        ("http://x/a.\u{94D}\u{915}", "\u{94D}"),
        ("http://\u{301}a.com/", "\u{301}"),
    ] {
        let found: Vec<_> = lints(iri)
            .into_iter()
            .filter(|(code, _)| *code == LintCode::LookalikeDelimiter)
            .collect();
        assert_eq!(
            found,
            [(LintCode::LookalikeDelimiter, marks.into())],
            "{iri}"
        );
        let said = message(iri, LintCode::LookalikeDelimiter);
        assert!(said.contains("drawn on the delimiter before it"), "{said}");
    }
    // At the start of a relative reference, no delimiter stands before it.
    assert!(!codes("\u{301}a/b").contains(&LintCode::LookalikeDelimiter));
    // Inside a component, or after a letter, a mark is drawn on its letter.
    for iri in [
        "http://x/a\u{301}b",
        "http://x/caf\u{E9}",
        "http://x/\u{915}\u{94D}\u{937}",
    ] {
        assert!(!codes(iri).contains(&LintCode::LookalikeDelimiter), "{iri}");
    }
    // U+2044 FRACTION SLASH looks like "/": "example.com⁄evil" reads as a path.
    assert_eq!(
        lints("http://example.com⁄evil.com/"),
        [(LintCode::LookalikeDelimiter, "⁄".into())]
    );
    // U+A789 MODIFIER LETTER COLON, a letter of the Common script.
    assert!(codes("http://x/a꞉80").contains(&LintCode::LookalikeDelimiter));
    // A character that looks like several: U+2025 like "..", a dot-segment in a path; U+2AFD
    // like "//" in a host.
    let dots = IriRef::parse("http://x/?next=\u{2025}/admin")
        .unwrap()
        .lints();
    assert_eq!(
        dots.iter()
            .map(|l| (l.code(), l.offset(), l.len()))
            .collect::<Vec<_>>(),
        [(LintCode::LookalikeDelimiter, 15, 3)]
    );
    assert!(
        dots[0].message().contains("\"..\""),
        "{}",
        dots[0].message()
    );
    assert_eq!(
        lints("http://a.com\u{2AFD}evil/"),
        [(LintCode::LookalikeDelimiter, "\u{2AFD}".into())]
    );
    // In a host label, a character that IDNA maps to a look-alike: "a½.com" is the host
    // "a1⁄2.com" (U+2044), which reads as "a1/2.com", and "x㎧y" is "xm∕sy" (U+2215). In a
    // path, where nothing maps it, "½" is only not-nfkc.
    for (iri, like, shows) in [
        ("http://a\u{BD}.com/", "\u{BD}", "\"1\u{2044}2\""),
        ("http://x\u{33A7}y.example/", "\u{33A7}", "\"m\u{2215}s\""),
    ] {
        let found = lints(iri);
        assert!(
            found.contains(&(LintCode::LookalikeDelimiter, like.into())),
            "{iri}: {found:?}"
        );
        let said = message(iri, LintCode::LookalikeDelimiter);
        assert!(said.contains(shows) && said.contains("\"/\""), "{said}");
    }
    assert_eq!(codes("http://x/a\u{BD}"), [LintCode::NotNfkc]);
    // Full-width "?" in a path.
    assert!(codes("http://x/a？b").contains(&LintCode::LookalikeDelimiter));
    // In a host, U+3002 IDEOGRAPHIC FULL STOP separates labels (RFC 3490 3.1).
    assert!(lints("http://例え。jp/").is_empty());
    // In a host label, a letter or digit of a script that looks like a delimiter that ends a
    // host is a look-alike where no character of its script stands beside it: Katakana "ノ"
    // and Han "丿" like "/", Latin "ʔ" like "?", Devanagari visarga like ":". The host seems
    // to end at "accounts.google.com".
    for (iri, like, delimiter) in [
        (
            "https://accounts.google.com\u{30CE}x.evil.com/",
            "\u{30CE}",
            "/",
        ),
        ("https://google.com\u{4E3F}evil.com/", "\u{4E3F}", "/"),
        (
            "https://accounts.google.com\u{294}x.evil.com/",
            "\u{294}",
            "?",
        ),
        ("https://google.com\u{903}evil.com/", "\u{903}", ":"),
        ("https://google.com\u{30CE}\u{E9}vil.com/", "\u{30CE}", "/"),
        ("https://\u{30CE}.jp/", "\u{30CE}", "/"),
        // Beside ASCII letters or digits, or beside another look-alike only, it is no letter of
        // a word: doubled, or with a letter of its script after it.
        (
            "http://accounts.google.com\u{30CE}\u{30CE}x.evil.com/",
            "\u{30CE}\u{30CE}",
            "/",
        ),
        (
            "http://google.com\u{294}\u{294}x.evil.com/",
            "\u{294}\u{294}",
            "?",
        ),
        ("http://google.com\u{294}\u{E9}x.evil.com/", "\u{294}", "?"),
        (
            "http://google.com\u{30CE}\u{30FC}\u{30C8}.evil.com/",
            "\u{30CE}",
            "/",
        ),
    ] {
        let found = lints(iri);
        assert!(
            found.contains(&(LintCode::LookalikeDelimiter, like.into())),
            "{iri}: {found:?}"
        );
        let said = message(iri, LintCode::LookalikeDelimiter);
        assert!(
            said.contains(&format!("looks like \"{delimiter}\"")),
            "{said}"
        );
        assert!(
            shown(iri).starts_with("https://xn--") || shown(iri).contains(".xn--"),
            "{}",
            shown(iri)
        );
    }
    // In the userinfo too, which is read where the host is: "google.comノlogin@evil.com"
    // reads as "google.com/login"; the display form encodes it.
    for iri in [
        "http://accounts.google.com\u{30CE}login@evil.com/",
        "http://google.com\u{294}x@evil.com/",
    ] {
        assert!(
            codes(iri).contains(&LintCode::LookalikeDelimiter),
            "{iri}: {:?}",
            lints(iri)
        );
        assert!(
            shown(iri).contains("%E3%83%8E") || shown(iri).contains("%CA%94"),
            "{}",
            shown(iri)
        );
    }
    // Among the characters of its script, it is a letter of a word: "ノート" (note), Hindi
    // "दुःख"; and outside host labels, where the host has ended, it is one too.
    for iri in [
        "https://\u{30CE}\u{30FC}\u{30C8}.jp/",
        "https://\u{926}\u{941}\u{903}\u{916}.in/",
        "https://x.jp/com\u{30CE}x",
    ] {
        assert!(!codes(iri).contains(&LintCode::LookalikeDelimiter), "{iri}");
    }
    // A letter of a script is a letter: Hebrew yod looks like "'" but is not flagged as one.
    assert!(!codes("http://x/יד").contains(&LintCode::LookalikeDelimiter));
    // Look-alikes of '"', "%" and "|", whose own skeletons are "''", "°/₀" and "l" (UTS #39 4:
    // two strings are confusable when their skeletons are the same).
    for (iri, like) in [
        ("http://x/a＂b", "＂"),
        ("http://x/a”b", "”"),
        ("http://x/a％b", "％"),
        ("http://x/a｜b", "｜"),
        ("http://x/a∣b", "∣"),
    ] {
        let found = lints(iri);
        assert!(
            found.contains(&(LintCode::LookalikeDelimiter, like.into())),
            "{iri}: {found:?}"
        );
    }
    // What shares their skeletons counts when it belongs to no script in particular: not the
    // Hebrew gershayim (U+05F4, in "צה״ל") or the Arabic percent sign (U+066A).
    assert!(!codes("http://x/צה״ל").contains(&LintCode::LookalikeDelimiter));
    assert!(!codes("http://x/٣٠٪").contains(&LintCode::LookalikeDelimiter));
    // A letter or digit of the Common script whose skeleton is one ("𝟏" and "ℓ" look like "l")
    // is no look-alike of "|".
    assert!(!codes("http://x/a𝟏b").contains(&LintCode::LookalikeDelimiter));
    assert!(!codes("http://x/aℓb").contains(&LintCode::LookalikeDelimiter));
    // The message names the delimiter, not its skeleton.
    let iri = IriRef::parse("http://x/a＂b").unwrap();
    let message = iri
        .lints()
        .iter()
        .find(|l| l.code() == LintCode::LookalikeDelimiter)
        .map(|l| l.message());
    assert!(
        message
            .as_deref()
            .is_some_and(|m| m.contains(r#"looks like "\"""#)),
        "{message:?}"
    );
}

#[test]
fn normalization_forms() {
    // "e" and U+0301 compose under NFC.
    assert_eq!(
        lints("http://x/cafe\u{0301}"),
        [(LintCode::NotNfc, "cafe\u{0301}".into())]
    );
    // A mark after a delimiter composes with it: "=" and U+0338 are "≠" (the value is reported),
    // and, as any mark that starts a component, it is drawn on the delimiter.
    assert_eq!(
        codes("http://x/?a=\u{0338}b"),
        [LintCode::LookalikeDelimiter, LintCode::NotNfc]
    );
    // Thai SARA AM, whose NFKC twin is drawn the same (L7).
    assert_eq!(codes("http://x/\u{E19}\u{E49}\u{E33}"), [LintCode::NotNfkc]);
    assert!(lints("http://x/\u{E19}\u{E49}\u{E4D}\u{E32}").is_empty());
    // U+FB01 "ﬁ" in a path: in NFC, not in NFKC (and it passes for "file").
    assert_eq!(
        codes("http://x/ﬁle"),
        [LintCode::Confusable, LintCode::NotNfkc]
    );
    // In the query, an explicit search may use it (8.5).
    assert_eq!(codes("http://x/?q=ﬁle"), [LintCode::Confusable]);
    // Half-width Katakana (6.1 b) in a path.
    assert!(codes("http://x/ｶﾀｶﾅ").contains(&LintCode::NotNfkc));
}

/// A label after U+3002 IDEOGRAPHIC FULL STOP (3 bytes), the normalization check reads from the
/// delimiter before it.
#[test]
fn a_label_after_an_ideographic_full_stop() {
    assert_eq!(
        lints("http://a\u{3002}cafe\u{0301}/"),
        [(LintCode::NotNfc, "cafe\u{0301}".into())]
    );
    assert_eq!(
        codes("http://a\u{3002}ﬁ.com/"),
        [LintCode::Confusable, LintCode::NotNfkc]
    );
}

#[test]
fn invisible() {
    for (c, name) in [
        ('\u{200B}', "U+200B"),
        ('\u{00AD}', "U+00AD"),
        ('\u{2060}', "U+2060"),
        ('\u{FE0F}', "U+FE0F"),
        ('\u{00A0}', "U+00A0"),
        ('\u{3000}', "U+3000"),
        ('\u{2028}', "U+2028"),
    ] {
        let iri = format!("http://x/a{c}b?c");
        let parsed = IriRef::parse(&iri).unwrap_or_else(|e| panic!("{iri:?}: {e}"));
        let found: Vec<_> = parsed
            .lints()
            .into_iter()
            .filter(|l| l.code() == LintCode::Invisible)
            .collect();
        assert_eq!(found.len(), 1, "{iri:?}");
        assert_eq!((found[0].offset(), found[0].len()), (10, c.len_utf8()));
        assert!(
            found[0].message().starts_with(name),
            "{}",
            found[0].message()
        );
    }
    // A visible non-ASCII character is not.
    assert!(lints("http://x/a\u{00E9}b").is_empty());
    // Nor are the joiners where they change how letters are drawn, as RFC 5892 A.1 and A.2
    // allow them in domain names: ZWNJ between Persian letters that would join ("می‌خواهم")
    // and after a virama, ZWJ after a virama (Devanagari "क्‍ष").
    for iri in [
        "https://fa.wikipedia.org/wiki/\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}",
        "http://x/\u{915}\u{94D}\u{200D}\u{937}",
        "http://x/\u{915}\u{94D}\u{200C}\u{937}",
        // Transparent marks between (Arabic fatha).
        "http://x/\u{628}\u{64E}\u{200C}\u{64E}\u{628}",
        // A letter that joins to what follows only (Manichaean heth, Joining_Type L) before it.
        "http://x/\u{10ACD}\u{200C}\u{628}",
        // Outside a host, ZWJ between a letter and a virama, which picks a form of the
        // consonant (the Unicode Standard 12.1, 12.2): Bengali ya-phala after ra ("র‍্য"),
        // Devanagari's half form of ka.
        "http://x/\u{9B0}\u{200D}\u{9CD}\u{9AF}",
        "http://x/\u{915}\u{200D}\u{94D}",
        // An ideographic variation selector after a unified ideograph, which picks its glyph
        // (UTS #37): the form of "葛" of a name. Only a query may hold one (3987bis 2.2).
        "http://x/?q=\u{845B}\u{E0100}\u{57CE}",
        // Format characters that Unicode keeps out of Default_Ignorable_Code_Point as shown:
        // the prepended concatenation marks (the Arabic number sign, the end of ayah) and the
        // Egyptian hieroglyph format controls.
        "http://x/\u{600}\u{661}\u{662}",
        "http://x/\u{6DD}\u{661}",
        "http://x/\u{13000}\u{13430}\u{13001}",
    ] {
        assert!(!codes(iri).contains(&LintCode::Invisible), "{iri}");
    }
    // Elsewhere they are invisible: between Latin letters, after a letter that joins on neither
    // side or before one that does not join to the right, at an edge.
    for iri in [
        "http://x/a\u{200C}b",
        "http://x/a\u{200D}b",
        "http://x/\u{627}\u{200C}\u{628}",
        "http://x/\u{628}\u{200C}",
        "http://x/\u{200C}\u{628}",
        "http://x/\u{628}\u{200D}\u{628}",
        // After it, one that joins to what follows only.
        "http://x/\u{628}\u{200C}\u{10ACD}",
        // After a virama that starts the component, which no letter comes before.
        "http://x/\u{94D}\u{200C}b",
        // In a host label, where IDNA refuses a ZWJ before a virama (RFC 5892 A.2); before a
        // virama after no letter; a selector after a letter that is no ideograph, or at the
        // start.
        "http://\u{9B0}\u{200D}\u{9CD}\u{9AF}.example/",
        "http://x/-\u{200D}\u{94D}",
        "http://x/?q=a\u{E0100}",
        "http://x/?q=\u{E0100}\u{845B}",
    ] {
        assert!(codes(iri).contains(&LintCode::Invisible), "{iri}");
    }
}

#[test]
fn emoji_sequences_are_not_invisible() {
    // UTS #51: a ZWJ between two Extended_Pictographic characters, a skin tone or a variation
    // selector between (UAX #29 GB11), and U+FE0F or U+FE0E after a character of Emoji=Yes,
    // change the emoji drawn: the family, the rainbow flag, a keycap, the red heart.
    for iri in [
        "http://x/\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "http://x/\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
        "http://x/\u{1F468}\u{1F3FD}\u{200D}\u{1F4BB}",
        "http://x/\u{2764}\u{FE0F}\u{200D}\u{1F525}",
        "http://x/1\u{FE0F}\u{20E3}",
        "http://x/*\u{FE0F}\u{20E3}",
        "http://x/\u{2764}\u{FE0F}",
        "http://x/\u{2139}\u{FE0E}",
    ] {
        assert!(!codes(iri).contains(&LintCode::Invisible), "{iri}");
        let iri = IriRef::parse(iri).unwrap();
        assert_eq!(iri.to_display(&DisplayOptions::default()), iri.as_str());
    }
    // Elsewhere they are: a ZWJ between an emoji and a letter or at an edge, a variation
    // selector after a letter or at the start.
    for iri in [
        "http://x/\u{1F468}\u{200D}a",
        "http://x/a\u{200D}\u{1F468}",
        "http://x/\u{1F468}\u{200D}",
        "http://x/a\u{FE0F}",
        "http://x/\u{FE0F}\u{1F468}",
        // After an ASCII digit, U+FE0F draws nothing but in a keycap ("2024" and "2024️").
        "http://x/2024\u{FE0F}",
        // In a host label, IDNA refuses a ZWJ but after a virama (RFC 5892 A.2).
        "http://\u{1F468}\u{200D}\u{1F469}.ws/",
        "http://x/\u{1F468}\u{200B}\u{1F469}",
    ] {
        assert!(codes(iri).contains(&LintCode::Invisible), "{iri}");
    }
}

/// The message of the lint of code `code` on `iri`.
fn message(iri: &str, code: LintCode) -> String {
    let iri = IriRef::parse(iri).unwrap();
    let lint = iri.lints().into_iter().find(|l| l.code() == code);
    lint.unwrap_or_else(|| panic!("{iri}: no {code}")).message()
}

#[test]
fn messages_show_what_a_reader_needs() {
    // What a confusable component passes for, its ASCII characters as they are; the skeleton
    // too where it differs ("m" has "rn").
    let said = message("http://x/fr\u{430}gment", LintCode::Confusable);
    assert!(
        said.contains("can pass for \"fragment\"") && said.contains("\"fragrnent\""),
        "{said}"
    );
    let said = message(
        "http://\u{430}\u{440}\u{440}\u{4CF}\u{435}.com/",
        LintCode::Confusable,
    );
    assert!(
        said.contains("can pass for \"apple\"") && !said.contains("skeleton"),
        "{said}"
    );
    // A percent-encoded octet is shown as written (L2), not left out: "%D0%B0" is no "a".
    for iri in [
        "http://%D0%B0\u{440}\u{440}\u{4CF}\u{435}.com/",
        "http://x/%D0%B0\u{440}\u{440}\u{4CF}\u{435}",
    ] {
        let said = message(iri, LintCode::Confusable);
        assert!(
            said.contains("can pass for \"%D0%B0pple\"") && !said.contains("skeleton"),
            "{said}"
        );
    }
    // Marks are quoted as they are after a letter they are drawn on (pointed Hebrew, Hindi's
    // virama), escaped where they would be drawn on the quote.
    let said = message(
        "https://x.org/wiki/Windows_\u{5D1}\u{5B0}\u{5BC}\u{5E8}",
        LintCode::BidiMixed,
    );
    assert!(
        said.contains("\"Windows_\u{5D1}\u{5B0}\u{5BC}\u{5E8}\""),
        "{said}"
    );
    let said = message("http://x/?q=\u{301}a\u{430}", LintCode::MixedScript);
    assert!(said.contains("\"\\u{301}a\u{430}\""), "{said}");
    // Invisible characters in the text quoted are escaped, as the Hangul fillers.
    for filler in ['\u{115F}', '\u{3164}', '\u{FFA0}', '\u{200B}'] {
        let said = message(
            &format!("http://x/?q=\u{430}a{filler}"),
            LintCode::MixedScript,
        );
        let escaped = format!("\\u{{{:x}}}", filler as u32);
        assert!(!said.contains(filler) && said.contains(&escaped), "{said}");
    }
    // A dot-separated part of a segment is named as one (4.2: "the extensions in a resource
    // name can be treated as separate components").
    let said = message("http://a/\u{5D0}\u{5D1}.5", LintCode::BidiDigitAdjacent);
    assert!(
        said.starts_with("the part \"5\" of a path segment "),
        "{said}"
    );
    let said = message("http://a/\u{5D0}\u{5D1}/5", LintCode::BidiDigitAdjacent);
    assert!(said.starts_with("the path segment \"5\" "), "{said}");
}

/// A message quotes a long component by its ends: a line of megabytes gets lints of a few
/// hundred bytes each, whatever NFKC or the skeleton makes of it.
#[test]
fn messages_quote_long_components_by_their_ends() {
    let n = 100_000;
    let cases = [
        // U+FDFA is 18 characters under NFKC.
        (
            format!("http://a/x{}y", "\u{FDFA}".repeat(n)),
            LintCode::NotNfkc,
            "\"x\u{FDFA}",
            "100002",
        ),
        (
            format!("http://a/{}", "\u{430}".repeat(n)),
            LintCode::Confusable,
            "\"\u{430}",
            "100000",
        ),
        (
            format!("http://a/\u{5D0}/{}", "\u{301}".repeat(n)),
            LintCode::LookalikeDelimiter,
            "U+0301 U+0301",
            "100000",
        ),
        (
            format!("http://a/{}b", "\u{5D0}".repeat(n)),
            LintCode::BidiEdge,
            "b\"",
            "100001",
        ),
    ];
    for (input, code, shown, count) in cases {
        let said = message(&input, code);
        assert!(said.len() < 600, "{code}: {} bytes", said.len());
        assert!(said.contains(shown), "{code}: {said}");
        assert!(
            said.contains(&format!("({count} characters)")),
            "{code}: {said}"
        );
    }
}

#[test]
fn lint_codes_by_name() {
    for code in LintCode::ALL {
        assert_eq!(code.name().parse::<LintCode>(), Ok(code));
        assert_eq!(code.to_string(), code.name());
    }
    assert!("bidi".parse::<LintCode>().is_err());
}

proptest! {
    /// No panic, offsets on character boundaries inside the input, and nothing on ASCII.
    #[test]
    fn lints_stay_inside_the_input(
        host in r"([a-z0-9.\-]|\u{3002}|\u{FF0E}|\u{0301}|\u{FB01}|\u{2044}|\u{200B}|[\u{05D0}-\u{05D3}]|[\u{0430}-\u{0435}]){0,10}",
        path in r"(/([a-zA-Z0-9.\-]|%[0-9A-F]{2}|[\u{A0}-\u{3000}]|[\u{05D0}-\u{05EA}]|[\u{0400}-\u{04FF}]){0,8}){0,4}",
        query in r"([a-z=&;]|[\u{0600}-\u{06FF}]|\u{200B}|\u{0338}){0,12}",
    ) {
        let iri = format!("http://{host}{path}?{query}");
        if let Ok(parsed) = IriRef::parse(&iri) {
            let _ = parsed.to_display(&DisplayOptions::default());
            for lint in parsed.lints() {
                let _ = lint.message();
                let end = lint.offset() + lint.len();
                prop_assert!(!lint.is_empty() && end <= iri.len());
                prop_assert!(iri.is_char_boundary(lint.offset()) && iri.is_char_boundary(end));
            }
        }
    }

    /// 8.6: with `--ascii`, the display form is a URI equivalent to the input (at the scheme
    /// level, where an ACE label and its Unicode form are one).
    #[test]
    fn the_ascii_display_form_is_an_equivalent_uri(
        path in r"(/([a-zA-Z0-9.\-]|%[0-9A-F]{2}|[\u{A0}-\u{3000}]|[\u{05D0}-\u{05EA}]|[\u{0400}-\u{04FF}]){0,8}){0,4}",
        host in r"([a-z0-9]|[\u{E0}-\u{FF}]|[\u{0430}-\u{044F}]|[\u{05D0}-\u{05EA}]){1,6}",
    ) {
        let iri = format!("http://{host}.org{path}");
        if let Ok(parsed) = IriRef::parse(&iri) {
            let options = DisplayOptions { ascii: true, embedding: Embedding::None, ..DisplayOptions::default() };
            let shown = parsed.to_display(&options);
            prop_assert!(Grammar::UriReference.validate(shown.as_bytes()).is_ok(), "{shown}");
            let back = IriRef::parse(&shown).unwrap();
            let same = compare(&parsed, &back, &CompareOptions::new(Level::Scheme));
            if parsed.to_uri().is_ok() {
                prop_assert_eq!(same.ok(), Some(Equivalence::Equivalent), "{} {}", iri, shown);
            }
        }
    }

    #[test]
    fn ascii_iris_have_no_lints(iri in r"[a-z]{1,5}://[a-zA-Z0-9.\-]{0,12}(/([a-zA-Z0-9.~!$&'()*+,;=:@\-]|%[0-9A-Fa-f]{2}){0,10}){0,3}(\?[a-zA-Z0-9=&;%]{0,12})?") {
        if let Ok(parsed) = IriRef::parse(&iri) {
            prop_assert!(parsed.lints().is_empty(), "{:?}", parsed.lints());
        }
    }
}

/// docs/spec-choices.md L9: the crates' Unicode data is not older than iriscan's tables (15.0).
#[test]
fn unicode_versions_of_the_lint_data() {
    assert!(unicode_security::UNICODE_VERSION >= (15, 0, 0));
    assert!(unicode_script::UNICODE_VERSION >= (15, 0, 0));
    assert!(unicode_normalization::UNICODE_VERSION >= (15, 0, 0));
}
