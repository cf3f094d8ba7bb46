//! Public suffixes and registrable domains (`iriscan::suffix`): the Public Suffix List's own
//! test cases (`data/psl/tests.txt`), IDN suffixes, trailing dots, private suffixes, and the
//! fields of parsed IRIs.

use iriscan::suffix::{public_suffix, registrable_domain, Sections};
use iriscan::IriRef;

/// `host` in Unicode, as the functions write it.
fn unicode(host: &str) -> String {
    let iri = format!("http://{host}/");
    let mapped = IriRef::parse(&iri).unwrap().to_iri().into_owned();
    mapped["http://".len()..mapped.len() - 1].to_string()
}

#[test]
fn the_lists_own_test_cases() {
    let path = format!("{}/data/psl/tests.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut cases = 0;
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
    {
        let (host, expected) = line.split_once(' ').unwrap();
        if host == "null" {
            continue;
        }
        let expected = (expected != "null").then(|| unicode(expected));
        assert_eq!(registrable_domain(host, Sections::All), expected, "{host}");
        cases += 1;
    }
    assert_eq!(cases, 77, "every case of the file");
}

#[test]
fn idn_suffixes_trailing_dots_and_private_ones() {
    let all = Sections::All;
    assert_eq!(
        registrable_domain("www.пример.рф", all).as_deref(),
        Some("пример.рф")
    );
    assert_eq!(
        registrable_domain("www.xn--e1afmkfd.xn--p1ai", all).as_deref(),
        Some("пример.рф")
    );
    assert_eq!(public_suffix("www.пример.рф", all).as_deref(), Some("рф"));
    assert_eq!(
        registrable_domain("例え.中国", all).as_deref(),
        Some("例え.中国")
    );
    assert_eq!(
        registrable_domain("www.example.com.", all).as_deref(),
        Some("example.com")
    );
    assert_eq!(
        registrable_domain("WWW.Example.CO.UK", all).as_deref(),
        Some("example.co.uk")
    );
    assert_eq!(
        registrable_domain("example.co.uk", all).as_deref(),
        Some("example.co.uk")
    );
    assert_eq!(
        registrable_domain("example.github.io", all).as_deref(),
        Some("example.github.io")
    );
    assert_eq!(
        public_suffix("example.github.io", all).as_deref(),
        Some("github.io")
    );
    assert_eq!(
        registrable_domain("example.github.io", Sections::Icann).as_deref(),
        Some("github.io")
    );
    assert_eq!(
        public_suffix("example.github.io", Sections::Icann).as_deref(),
        Some("io")
    );
    for none in ["localhost", "", ".", "a..b.com", "co.uk"] {
        assert_eq!(registrable_domain(none, all), None, "{none:?}");
    }
}

#[test]
fn iris_have_them_for_registered_names_only() {
    let iri = IriRef::parse("https://user@www.例え.jp:8080/パス").unwrap();
    assert_eq!(
        iri.registrable_domain(Sections::All).as_deref(),
        Some("例え.jp")
    );
    assert_eq!(iri.public_suffix(Sections::All).as_deref(), Some("jp"));
    for none in [
        "http://[::1]/",
        "http://192.0.2.1/",
        "http://localhost/",
        "mailto:a@b.com",
    ] {
        let iri = IriRef::parse(none).unwrap();
        assert_eq!(iri.registrable_domain(Sections::All), None, "{none}");
    }
}
