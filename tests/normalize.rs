//! Normalization and comparison (3987bis 5.3, draft-masinter-iri-comparison 4, RFC 3986 6.2):
//! the examples of the specs, the choices of the README, and properties over generated IRIs and
//! data/bench.

mod common;

use iriscan::compare::{compare, key, CompareOptions, Equivalence};
use iriscan::normalize::{Level, NormalizeOptions, UnicodeForm};
use iriscan::{Grammar, Iri, IriRef};
use proptest::prelude::*;
use std::borrow::Cow;

fn norm(s: &str, level: Level) -> String {
    IriRef::parse(s)
        .unwrap()
        .normalize(level)
        .unwrap()
        .into_owned()
}

fn cmp(a: &str, b: &str, level: Level) -> Equivalence {
    let (a, b) = (IriRef::parse(a).unwrap(), IriRef::parse(b).unwrap());
    compare(&a, &b, &CompareOptions::new(level)).unwrap()
}

use Equivalence::{CannotTell, Different, Equivalent};
use Level::{Scheme, Simple, Syntax};

#[test]
fn example_of_5_3_2_and_rfc_3986_6_2_2() {
    let a = "example://a/b/c/%7Bfoo%7D/rosé";
    let b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9";
    assert_eq!(cmp(a, b, Simple), Different);
    assert_eq!(cmp(a, b, Syntax), Equivalent);
    assert_eq!(cmp(a, b, Scheme), Equivalent);
    // RFC 3986 6.2.2, without the non-ASCII segment: one normal form.
    assert_eq!(
        norm("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Syntax),
        "example://a/b/c/%7Bfoo%7D"
    );
    // Characters already in Unicode stay; percent-encoded UTF-8 stays encoded (5.3.2).
    assert_eq!(norm(b, Syntax), "example://a/b/c/%7Bfoo%7D/ros%C3%A9");
    assert_eq!(norm(a, Syntax), a);
}

#[test]
fn case_of_5_3_2_1() {
    assert_eq!(
        norm("HTTP://www.EXAMPLE.com/", Syntax),
        "http://www.example.com/"
    );
    assert_eq!(
        cmp("HTTP://www.EXAMPLE.com/", "http://www.example.com/", Syntax),
        Equivalent
    );
    // Only a US-ASCII host is lowercased at this level; other components keep their case.
    assert_eq!(
        norm("http://Bücher.DE/A?B#C", Syntax),
        "http://Bücher.DE/A?B#C"
    );
    assert_eq!(norm("http://[FE80::A]/", Syntax), "http://[fe80::a]/");
    assert_eq!(norm("http://EX%c3%a9.org/", Syntax), "http://ex%C3%A9.org/");
}

#[test]
fn percent_encoding_of_5_3_2_3() {
    for b in ["http://example.org/%7euser", "http://example.org/%7Euser"] {
        assert_eq!(cmp("http://example.org/~user", b, Syntax), Equivalent);
    }
    // Reserved characters stay encoded: "%2F" is not "/".
    assert_eq!(cmp("http://a/b%2Fc", "http://a/b/c", Syntax), Different);
    assert_eq!(norm("http://a/%2f%41%2e%2E/b", Syntax), "http://a/%2FA../b");
    // Decoded dots are dot segments, removed after decoding (RFC 3986 6.2.2 order).
    assert_eq!(norm("http://a/x/%2e%2E/b", Syntax), "http://a/b");
}

#[test]
fn path_segments_of_5_3_2_4() {
    assert_eq!(norm("http://a/b/c/./../../g", Syntax), "http://a/g");
    assert_eq!(norm("/a/../b", Syntax), "/b");
    // A relative-path reference keeps its dots: "../a" and "a" resolve differently.
    assert_eq!(norm("../a/./b", Syntax), "../a/./b");
    // No authority: a path that would start with "//" keeps a "/." before it.
    assert_eq!(norm("x:/.//a", Syntax), "x:/.//a");
    assert_eq!(norm("x:/a/..//b", Syntax), "x:/.//b");
}

#[test]
fn scheme_based_of_5_3_3() {
    let four = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in four {
        assert_eq!(norm(a, Scheme), "http://example.com/", "{a}");
        for b in four {
            assert_eq!(cmp(a, b, Scheme), Equivalent, "{a} {b}");
        }
    }
    assert_eq!(cmp(four[0], four[3], Syntax), Different);
    // Absent and empty differ: "?" and "#" are kept.
    assert_eq!(
        cmp("http://example.com/?", "http://example.com/", Scheme),
        Different
    );
    assert_eq!(
        cmp("http://example.com/#", "http://example.com/", Scheme),
        Different
    );
    assert_eq!(
        norm("http://example.com/?#", Scheme),
        "http://example.com/?#"
    );
    // Leading zeros do not make another port; another port stays.
    assert_eq!(norm("https://a:0443/", Scheme), "https://a/");
    assert_eq!(norm("https://a:80/", Scheme), "https://a:80/");
    // A scheme the table does not know keeps its port and empty path.
    assert_eq!(norm("x-y://a:1", Scheme), "x-y://a:1");
}

#[test]
fn ipv6_literals_of_rfc_5952_at_the_scheme_level() {
    assert_eq!(norm("http://[0:0::1]/", Level::Scheme), "http://[::1]/");
    assert_eq!(
        norm("http://[2001:DB8:0:0:1::1]:80/a", Level::Scheme),
        "http://[2001:db8::1:0:0:1]/a"
    );
    assert_eq!(
        norm("http://[::FFFF:c000:0201]/", Level::Scheme),
        "http://[::ffff:192.0.2.1]/"
    );
    // The syntax level lowercases only.
    assert_eq!(norm("http://[0:0::1]/", Level::Syntax), "http://[0:0::1]/");
    assert_eq!(
        norm("http://[2001:DB8::1]/", Level::Syntax),
        "http://[2001:db8::1]/"
    );
    assert_eq!(
        cmp("http://[0:0::1]/", "http://[::1]/", Level::Scheme),
        Equivalence::Equivalent
    );
    assert_eq!(
        cmp("http://[0:0::1]/", "http://[::1]/", Level::Syntax),
        Equivalence::Different
    );
    // IPvFuture is left as it is.
    assert_eq!(norm("http://[v1.AB]/", Level::Scheme), "http://[v1.ab]/");
}

#[test]
fn idn_of_5_3_3() {
    let (u, a) = (
        "http://résumé.example.org",
        "http://xn--rsum-bpad.example.org",
    );
    assert_eq!(cmp(u, a, Scheme), Equivalent);
    assert_eq!(cmp(u, a, Syntax), Different);
    // The normal form is the Unicode one (5.3.3: "SHOULD NOT be converted into ACE").
    assert_eq!(norm(a, Scheme), "http://résumé.example.org/");
    assert_eq!(
        norm("http://RÉSUMÉ.Example.ORG/", Scheme),
        "http://résumé.example.org/"
    );
    assert_eq!(
        norm("http://r%C3%A9sum%C3%A9.example.org/", Scheme),
        "http://résumé.example.org/"
    );
    // IDNA fails: the scheme level cannot tell, the syntax level can.
    let bad = "http://a\u{FF0F}b.org/";
    assert!(IriRef::parse(bad).unwrap().normalize(Scheme).is_err());
    assert_eq!(cmp(bad, "http://a/b.org/", Scheme), CannotTell);
    assert_eq!(cmp(bad, "http://a/b.org/", Syntax), Different);
}

#[test]
fn character_normalization_of_5_3_2_2_only_when_asked() {
    let nfc = "http://www.example.org/résumé.html";
    let nfd = "http://www.example.org/re\u{301}sume\u{301}.html";
    assert_eq!(norm(nfd, Scheme), nfd);
    assert_eq!(cmp(nfc, nfd, Scheme), Different);
    let with = |s: &str, form| {
        let options = NormalizeOptions::new(Syntax).unicode(form);
        IriRef::parse(s)
            .unwrap()
            .normalize_with(&options)
            .map(Cow::into_owned)
    };
    assert_eq!(with(nfd, UnicodeForm::Nfc).unwrap(), nfc);
    assert_eq!(
        with("http://a/ｆｕｌｌ", UnicodeForm::Nfkc).unwrap(),
        "http://a/full"
    );
    assert_eq!(
        with("http://a/ｆｕｌｌ", UnicodeForm::Nfc).unwrap(),
        "http://a/ｆｕｌｌ"
    );
    // Found by the fuzz target: decoding "%55" puts "U" before U+0308, which NFC composes.
    assert_eq!(with("x:%55\u{308}", UnicodeForm::Nfc).unwrap(), "x:Ü");
    // NFKC would make a delimiter: an error, not another IRI.
    for s in [
        "http://a/b\u{FF0F}c",
        "http://a/b\u{FF1F}c",
        "http://u\u{FF20}a/",
    ] {
        let e = with(s, UnicodeForm::Nfkc).unwrap_err();
        assert_eq!(e.kind().name(), "structure", "{s}");
    }
}

#[test]
fn relative_references_and_fragments_of_5_1() {
    let (a, b) = (
        IriRef::parse("b/c").unwrap(),
        IriRef::parse("./b/c#f").unwrap(),
    );
    assert!(compare(&a, &b, &CompareOptions::new(Syntax)).is_err());
    let base = Iri::parse("http://x/y/z").unwrap();
    let options = CompareOptions::new(Syntax).base(base);
    assert_eq!(compare(&a, &b, &options).unwrap(), Different);
    let options = options.exclude_fragment(true);
    assert_eq!(compare(&a, &b, &options).unwrap(), Equivalent);
    assert_eq!(
        key(&a, &options).unwrap().as_deref(),
        Some("http://x/y/b/c")
    );
}

#[test]
fn normal_input_is_borrowed() {
    for s in [
        "http://example.com/a?b#c",
        "http://résumé.example.org/パス",
        "a/../b",
        "",
    ] {
        // The protocol level leaves the fragment out of the first.
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            assert!(
                matches!(
                    IriRef::parse(s).unwrap().normalize(level),
                    Ok(Cow::Borrowed(_))
                ),
                "{s} {level}"
            );
        }
    }
    let iri = IriRef::parse("http://example.com/a?b").unwrap();
    assert!(matches!(
        iri.normalize(Level::Protocol),
        Ok(Cow::Borrowed(_))
    ));
}

/// The properties every level keeps on `s`: a valid IRI reference, idempotence, reflexivity,
/// and equivalence with its own normal form.
fn check_properties(s: &str) -> Result<(), TestCaseError> {
    let iri = IriRef::parse(s).unwrap();
    for level in Level::ALL {
        let Ok(n) = iri.normalize(level) else {
            prop_assert!(level >= Scheme, "{} at {}", s, level);
            continue;
        };
        let again = IriRef::parse_as(&n, Grammar::IriReference);
        prop_assert!(again.is_ok(), "{} at {}: {:?}", s, level, n);
        let again = again.unwrap();
        prop_assert_eq!(again.is_absolute(), iri.is_absolute());
        prop_assert_eq!(
            &again.normalize(level).unwrap(),
            &n,
            "not idempotent: {}",
            s
        );
        if iri.is_absolute() {
            let options = CompareOptions::new(level);
            prop_assert_eq!(compare(&iri, &iri, &options).unwrap(), Equivalent);
            let e1 = compare(&iri, &again, &options).unwrap();
            let e2 = compare(&again, &iri, &options).unwrap();
            prop_assert_eq!(e1, e2, "not symmetric");
            prop_assert_eq!(e1, Equivalent, "{} and its normal form {}", s, n);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn generated_iris_keep_the_properties(b in common::iri_ref(true, true)) {
        check_properties(&b.text)?;
    }

    #[test]
    fn generated_uris_keep_the_properties(b in common::iri_ref(false, false)) {
        check_properties(&b.text)?;
    }
}

#[test]
fn bench_corpus_keeps_the_properties() {
    for name in ["urls.txt", "iris.txt"] {
        let path = format!("{}/data/bench/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        for line in text.lines().filter(|l| IriRef::parse(l).is_ok()) {
            check_properties(line).unwrap();
        }
    }
}
