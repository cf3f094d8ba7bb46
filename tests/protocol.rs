//! Protocol-based normalization (3987bis 5.3.4, `iriscan::protocol`): the examples documented
//! for `w3lib.url.canonicalize_url` that fall within its rules, each rule alone and at the levels
//! below, and the comparison key's agreement with `compare` under them.

use iriscan::compare::{compare, key, CompareOptions, Equivalence};
use iriscan::normalize::{Level, NormalizeOptions};
use iriscan::protocol::{ProtocolOptions, TRACKING_PARAMS};
use iriscan::IriRef;
use proptest::prelude::*;

fn norm(s: &str, level: Level, protocol: ProtocolOptions) -> String {
    let options = NormalizeOptions::new(level).protocol(protocol);
    IriRef::parse(s)
        .unwrap()
        .normalize_with(&options)
        .unwrap()
        .into_owned()
}

/// `canonicalize_url`'s defaults: sorted arguments, blank values kept, the fragment dropped.
fn w3lib() -> ProtocolOptions {
    ProtocolOptions::new().sort_query(true).form_query(true)
}

#[test]
fn the_examples_of_canonicalize_url() {
    for (url, canonical) in [
        ("http://www.example.com/", "http://www.example.com/"),
        ("http://www.example.com", "http://www.example.com/"),
        (
            "http://www.example.com/do?a=1&b=2&c=3",
            "http://www.example.com/do?a=1&b=2&c=3",
        ),
        (
            "http://www.example.com/do?c=1&b=2&a=3",
            "http://www.example.com/do?a=3&b=2&c=1",
        ),
        (
            "http://www.example.com/do?&a=1",
            "http://www.example.com/do?a=1",
        ),
        (
            "http://www.example.com/do?c=3&b=5&b=2&a=50",
            "http://www.example.com/do?a=50&b=2&b=5&c=3",
        ),
        (
            "http://www.example.com/do?b=&a=2",
            "http://www.example.com/do?a=2&b=",
        ),
        (
            "http://www.example.com/do?b=&c&a=2",
            "http://www.example.com/do?a=2&b=&c=",
        ),
        (
            "http://www.example.com/do?1750,4",
            "http://www.example.com/do?1750%2C4=",
        ),
        (
            "http://www.example.com/do?q=a+space&a=1",
            "http://www.example.com/do?a=1&q=a+space",
        ),
        (
            "http://www.example.com/do?q=a%20space&a=1",
            "http://www.example.com/do?a=1&q=a+space",
        ),
        (
            "http://www.example.com/do?a=1#frag",
            "http://www.example.com/do?a=1",
        ),
        ("http://www.example.com/do?", "http://www.example.com/do"),
        (
            "http://www.example.com/a%a3do",
            "http://www.example.com/a%A3do",
        ),
        ("http://www.EXAMPLE.com/", "http://www.example.com/"),
        ("http://www.example.com:80/", "http://www.example.com/"),
    ] {
        assert_eq!(norm(url, Level::Protocol, w3lib()), canonical, "{url}");
    }
}

#[test]
fn the_protocol_level_leaves_out_the_fragment_and_an_empty_query() {
    let none = ProtocolOptions::new;
    assert_eq!(norm("http://a/b?#c", Level::Protocol, none()), "http://a/b");
    assert_eq!(
        norm("HTTP://A:80/b?x=1#c", Level::Protocol, none()),
        "http://a/b?x=1"
    );
    // 5.3.3: a lower level keeps both.
    assert_eq!(
        norm("http://a/b?#c", Level::Scheme, none()),
        "http://a/b?#c"
    );
    // The rules alone at a lower level keep the level's own.
    let drop = ProtocolOptions::new().drop_params(["x"]);
    assert_eq!(
        norm("http://a/b?x=1#c", Level::Syntax, drop),
        "http://a/b?#c"
    );
}

#[test]
fn each_rule_alone() {
    let sort = ProtocolOptions::new().sort_query(true);
    assert_eq!(
        norm("http://a/?b=2&a=1&a=0", Level::Syntax, sort.clone()),
        "http://a/?a=0&a=1&b=2"
    );
    // Compared as URIs write them: "é" sorts as "%C3%A9".
    assert_eq!(
        norm("http://a/?é=1&b=2", Level::Syntax, sort.clone()),
        "http://a/?é=1&b=2"
    );
    assert_eq!(
        norm("http://a/?b=2&%C3%A9=1", Level::Syntax, sort),
        "http://a/?%C3%A9=1&b=2"
    );
    let form = ProtocolOptions::new().form_query(true);
    assert_eq!(
        norm("http://a/?q=x+y&r=x%20y&s", Level::Syntax, form),
        "http://a/?q=x+y&r=x+y&s="
    );
    let drop = ProtocolOptions::new().drop_params(["utm_*", "ref"]);
    assert_eq!(
        norm(
            "http://a/?utm_source=x&ref=y&refx=z&k=v",
            Level::Syntax,
            drop
        ),
        "http://a/?refx=z&k=v"
    );
    let tracking = ProtocolOptions::new().drop_tracking(true);
    assert_eq!(
        norm(
            "http://a/?fbclid=1&gclid=2&utm_medium=3&msclkid=4&k=v",
            Level::Syntax,
            tracking.clone()
        ),
        "http://a/?k=v"
    );
    // Every glob of the list drops what it names.
    for (glob, _) in TRACKING_PARAMS {
        let name = glob.replace('*', "x");
        let iri = format!("http://a/?{name}=1&k=v");
        assert_eq!(
            norm(&iri, Level::Syntax, tracking.clone()),
            "http://a/?k=v",
            "{glob}"
        );
    }
    let www = ProtocolOptions::new().strip_www(true);
    assert_eq!(
        norm("http://www.example.com/", Level::Syntax, www.clone()),
        "http://example.com/"
    );
    assert_eq!(
        norm("http://www.com/", Level::Syntax, www.clone()),
        "http://www.com/"
    );
    assert_eq!(norm("http://[::1]/", Level::Scheme, www), "http://[::1]/");
}

proptest! {
    /// Arguments in any order, some of them tracking ones: the key agrees with compare, and
    /// shuffled arguments are equivalent when sorted.
    #[test]
    fn keys_agree_with_compare_under_the_rules(
        args in proptest::collection::vec(("[a-c]{1,2}|utm_x|fbclid", "[a-c0-9+]{0,2}|%20|é"), 0..5),
        seed in any::<u64>(),
        fragment in "(#[a-z]{0,2})?",
    ) {
        let query = |args: &[(String, String)]| -> String {
            args.iter().map(|(n, v)| format!("{n}={v}")).collect::<Vec<_>>().join("&")
        };
        let mut shuffled = args.clone();
        // A rotation by the seed: another order of the same arguments.
        if !shuffled.is_empty() {
            let k = (seed % shuffled.len() as u64) as usize;
            shuffled.rotate_left(k);
        }
        let a = format!("http://www.example.com/p?{}{fragment}", query(&args));
        let b = format!("HTTP://example.com:80/p?{}", query(&shuffled));
        let (x, y) = (IriRef::parse(&a).unwrap(), IriRef::parse(&b).unwrap());
        let all = ProtocolOptions::new().sort_query(true).form_query(true).drop_tracking(true).strip_www(true);
        for level in Level::ALL {
            for protocol in [ProtocolOptions::new(), ProtocolOptions::new().sort_query(true), all.clone()] {
                let options = CompareOptions::new(level).protocol(protocol.clone());
                let same = key(&x, &options).unwrap() == key(&y, &options).unwrap();
                let equivalent = compare(&x, &y, &options).unwrap() == Equivalence::Equivalent;
                prop_assert_eq!(same, equivalent, "{} {:?} {:?} {:?}", level, protocol, a, b);
                if level == Level::Protocol && protocol == all {
                    prop_assert!(equivalent, "{:?} {:?}", a, b);
                }
            }
        }
    }
}
