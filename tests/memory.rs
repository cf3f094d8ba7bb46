//! Working memory of the host mappings on hosts of many labels or of one long label (3987bis 3.4
//! ToASCII, 3.7 step 6 and 5.3.3 ToUnicode), their failures and the messages that explain them: the most bytes
//! allocated at once during one call, at most 4 times the line. Its own test binary, for its
//! counting allocator, and one test, so that no other thread allocates while it counts.

use iriscan::compare::{key, CompareOptions};
use iriscan::display::DisplayOptions;
use iriscan::normalize::Level;
use iriscan::IriRef;
use peak_alloc::PeakAlloc;

/// The system allocator, counting the bytes allocated now and the most at once.
#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

/// The most bytes allocated at once while `f` runs, beyond those allocated before.
fn peak_of<T>(f: impl FnOnce() -> T) -> usize {
    let before = ALLOCATOR.current_usage();
    ALLOCATOR.reset_peak_usage();
    drop(f());
    ALLOCATOR.peak_usage() - before
}

/// The length of what `value` displays, written to no buffer.
fn written(value: &impl std::fmt::Display) -> usize {
    struct Count(usize);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    let mut count = Count(0);
    std::fmt::write(&mut count, format_args!("{value}")).expect("a count");
    count.0
}

#[test]
fn long_hosts_take_memory_in_proportion() {
    let labels = 400_000;
    let lines = [
        // Valid labels, but a host far too long for DNS (RFC 1034 3.1), with a root dot: the
        // fast path leaves it to the crate.
        format!("http://{}/", "ä.".repeat(labels)),
        // Without the root dot, and with capitals, which UTS #46 maps.
        format!("http://{}ä/", "Ä.".repeat(labels)),
        // A code point UTS #46 disallows at the end.
        format!("http://{}a\u{A0}/", "ä.".repeat(labels)),
        // ACE labels, which to_iri and ToUnicode decode.
        format!("http://{}/", "xn--4ca.".repeat(labels)),
        // Right-to-left labels and others: the bidi rule applies to every label.
        format!("http://{}{}/", "ä.".repeat(labels), "א.".repeat(labels)),
        // One label of capitals, which UTS #46 maps to a non-ASCII code point: the crate refuses
        // a label of more than 1000 code points.
        format!("http://{}/", "Ä".repeat(labels)),
        // One label of a symbol the fast path's table does not class.
        format!("http://{}/", "☃".repeat(labels)),
        // ASCII letters with one such symbol at the end.
        format!("http://{}☃/", "a".repeat(labels)),
        // A code point UTS #46 disallows (unassigned), many times.
        format!("http://{}/", "\u{0378}".repeat(labels)),
    ];
    let options = CompareOptions::new(Level::Scheme);
    let mut over = Vec::new();
    for line in &lines {
        let iri = IriRef::parse(line).unwrap();
        let bound = 4 * line.len();
        let calls: [(&str, &dyn Fn() -> usize); 5] = [
            ("to_uri", &|| iri.to_uri().map_or(0, |u| u.len())),
            // The message written out, not kept: its diagnosis, not the text, is measured.
            ("to_uri error message", &|| {
                iri.to_uri().map_or_else(|e| written(&e), |u| u.len())
            }),
            ("to_iri", &|| iri.to_iri().len()),
            ("normalize", &|| {
                iri.normalize(Level::Scheme).map_or(0, |n| n.len())
            }),
            ("compare key", &|| {
                key(&iri, &options).map_or(0, |k| k.map_or(0, |k| k.len()))
            }),
        ];
        for (name, call) in calls {
            let peak = peak_of(call);
            if peak > bound {
                let start: String = line.chars().take(20).collect();
                over.push(format!(
                    "{name} of {start:?}...: {peak} bytes at once for a line of {}",
                    line.len()
                ));
            }
        }
    }
    // The display form and the lints of many invisible characters apart, in one component or
    // one a component: the display form encodes each of them (three bytes become nine, in a
    // string that grows by doubling), the lints gather them.
    let many = 200_000;
    for line in [
        format!("http://a/?q={}", "\u{200B}a".repeat(many)),
        format!("http://a/{}", "a\u{200B}/".repeat(many)),
        format!("http://a/{}", "\u{430}x/".repeat(many)),
    ] {
        let iri = IriRef::parse(&line).unwrap();
        let calls: [(&str, usize, &dyn Fn() -> usize); 2] = [
            ("to_display", 8, &|| {
                iri.to_display(&DisplayOptions::default()).len()
            }),
            ("lints", 4, &|| iri.lints().len()),
        ];
        for (name, times, call) in calls {
            let peak = peak_of(call);
            if peak > times * line.len() {
                let start: String = line.chars().take(20).collect();
                over.push(format!(
                    "{name} of {start:?}...: {peak} bytes at once for a line of {}",
                    line.len()
                ));
            }
        }
    }
    assert!(over.is_empty(), "{over:#?}");
}
